/**
 * audit_events.request_id: the id of the request that made the event (the X-Request-Id of its
 * answer, and `requestId` on its log lines), so an operator can go from an audit row to the logs
 * and back. Null for the server's own events and for those written before.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_events').addColumn('request_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_events').dropColumn('request_id').execute();
}

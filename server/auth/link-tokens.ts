/**
 * Single use of a mailed link (a password reset, an invitation, a newsletter confirmation): the
 * token's id is written when the link is used, in the transaction of what it grants, so a second
 * use, or two at once, finds it spent. Rows are kept until the token would have expired anyway.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import type { LinkClaims } from './tokens';

/** Marks the link as used; false when it was used already (then nothing else may happen). */
export async function spendLink(trx: Transaction<Database>, claims: LinkClaims): Promise<boolean> {
  const inserted = await trx
    .insertInto('spent_link_tokens')
    .values({ id: claims.id, expiresAt: claims.expiresAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Forgets used tokens that have expired: they are refused for their expiry now. */
export async function pruneSpentLinks(db: DB, now: Date): Promise<number> {
  const result = await db.deleteFrom('spent_link_tokens').where('expiresAt', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

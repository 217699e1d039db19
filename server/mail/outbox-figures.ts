/**
 * The outbox in four figures, for the metrics (server/http/metrics.ts): one query over the rows not
 * sent yet or given up on, which the (status, due_at) index finds without reading sent mail.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { OutboxFigures } from '../http/metrics';

export async function outboxFigures(db: DB, now: Date): Promise<OutboxFigures> {
  const { rows } = await sql<{ queued: number; retrying: number; failed: number; oldest: Date | string | null }>`
    select
      count(*) filter (where o.status in ('queued', 'sending')) as queued,
      count(*) filter (where o.status = 'queued' and o.attempts > 0) as retrying,
      count(*) filter (where o.status = 'failed') as failed,
      -- A batch staff held waits on purpose: it does not make the outbox look stuck. A message
      -- not tried yet waits from the time it is due (a pledge alert's follow-up is due later).
      min(case when o.attempts = 0 then o.due_at else o.created_at end)
        filter (where o.status in ('queued', 'sending') and b.held is not true) as oldest
    from mail_outbox o
    left join mail_batches b on b.id = o.batch_id
    where o.status in ('queued', 'sending', 'failed')`.execute(db);
  const row = rows[0];
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
  return {
    queued: Number(row?.queued ?? 0),
    retrying: Number(row?.retrying ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestQueuedSeconds: oldest === undefined ? 0 : Math.max(0, Math.round((now.getTime() - oldest) / 1000)),
  };
}

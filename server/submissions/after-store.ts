/**
 * What follows a public submission, in the transaction that stores it: the newsletter's
 * confirmation mail, the sender's acknowledgement, and the alerts of staff who chose to hear of
 * each one. A rolled-back batch queues none of them; a stored one cannot miss them.
 */
import type { Transaction } from 'kysely';
import type { Locale } from '../../shared/messages';
import { alertNewSubmissions } from '../alerts/immediate';
import type { Database, Row } from '../db/schema';
import type { Deps } from '../deps';
import { queueConfirmations } from '../newsletter/confirmation';
import { acknowledgeSubmissions } from './acknowledgements';
import type { KINDS, KindName } from './kinds';

/** The rows one batch stored, with their kind. */
export type StoredRows = {
  [K in KindName]: { kind: K; rows: Row<(typeof KINDS)[K]['table']>[] };
}[KindName];

/**
 * `given` is every row of the batch, stored or skipped. The newsletter's sign-ups all queue their
 * confirmation's job, a known address's as a new one's (newsletter/confirmation.ts): the same work
 * either way. The other kinds follow what was stored.
 */
export async function afterSubmissionStored(
  trx: Transaction<Database>,
  deps: Deps,
  stored: StoredRows,
  given: { email: string; language: Locale }[],
): Promise<void> {
  if (stored.kind === 'newsletter') {
    await queueConfirmations(trx, deps, given);
    return;
  }
  await acknowledgeSubmissions(trx, deps, stored);
  await alertNewSubmissions(trx, deps, stored);
}

/**
 * What follows a public submission, in the transaction that stores it: the newsletter's
 * confirmation mail, the sender's acknowledgement, and the alerts of staff who chose to hear of
 * each one. A rolled-back batch queues none of them; a stored one cannot miss them.
 */
import type { Transaction } from 'kysely';
import { alertNewSubmissions } from '../alerts/immediate';
import type { Database, Row } from '../db/schema';
import type { Deps } from '../deps';
import { confirmNewSubscriptions } from '../newsletter/confirmation';
import { acknowledgeSubmissions } from './acknowledgements';
import type { KINDS, KindName } from './kinds';

/** The rows one batch stored, with their kind. */
export type StoredRows = {
  [K in KindName]: { kind: K; rows: Row<(typeof KINDS)[K]['table']>[] };
}[KindName];

export async function afterSubmissionStored(trx: Transaction<Database>, deps: Deps, stored: StoredRows): Promise<void> {
  if (stored.kind === 'newsletter') {
    await confirmNewSubscriptions(trx, deps, stored.rows);
    return;
  }
  await acknowledgeSubmissions(trx, deps, stored);
  await alertNewSubmissions(trx, deps, stored);
}

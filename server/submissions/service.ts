/** Public sign-ups and their review: the logic and SQL behind submission.* and /api/submissions. */
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { type StatusType, SUBMISSION_TYPES, type SubmissionType } from '../../shared/constants';
import { getLocale, type Locale, t } from '../../shared/messages';
import { PAGE_SIZE, type Page } from '../../shared/schemas/pages';
import {
  SUBMISSION_LIST_DEFAULT,
  type SubmissionFilters,
  type SubmissionListAnswer,
  type SubmissionListQuery,
  type SubmissionLists,
} from '../../shared/schemas/submissions';
import { type Actor, audit, SYSTEM } from '../audit/audit';
import type { DB } from '../db/database';
import { isId, newId } from '../db/ids';
import { createInsertBatcher, type InsertBatcher } from '../db/insert-batcher';
import { after, cursorOf, pageOf } from '../db/keyset';
import type { Deps } from '../deps';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { withdrawEditionMail } from '../newsletter/editions/withdraw';
import { afterSubmissionStored, type StoredRows } from './after-store';
import { type InputOf, KINDS, type Kind, type KindName, type WireOf } from './kinds';
import { queueWelcome } from './welcome';

/**
 * The queries are the same for every kind, but Kysely cannot type one query over a union of
 * tables: they run on an untyped view of the same database, and each kind's own functions carry
 * the types in and out.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyKind = Kind<any, z.ZodType, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: see above.
const untyped = (db: DB) => db as unknown as Kysely<any>;

type SubmissionFilterValues = { q?: string | undefined; status?: SubmissionFilters['status'] };

/** A filled honeypot means a bot: it gets the same answer and nothing is stored. */
const isBot = (input: { website?: string | undefined }) => (input.website ?? '').trim() !== '';

export interface Registered<T> {
  message: string;
  data: T | null;
}

/**
 * Stores one form's submission. A private kind (the newsletter, see KINDS) stores a repeat of a
 * known address as nothing and answers every sender alike, with no data. A form sent again with
 * its `clientId` (a retry, a form kept offline) stores nothing new, queues no mail again and is
 * answered as the first time; the id with other content is refused, and shows nothing stored.
 */
export async function registerSubmission<K extends KindName>(
  deps: Deps,
  name: K,
  input: InputOf<K>,
): Promise<Registered<WireOf<K>>> {
  const kind: AnyKind = KINDS[name];
  const message = t(kind.success);
  if (isBot(input)) return { message, data: null };
  // The page's language: every mail to this person is written in it.
  const language = getLocale();
  const columns = kind.columns(input);
  const clientId = (input as { clientId?: string | undefined }).clientId;
  // A private kind skips a repeat of its unique value only; its clientId sent before with another
  // value fails the insert instead, and only then is the earlier row read: a read after every
  // skipped row would tell a known address from a new one by its time (decision 008).
  let reused = false;
  const row = await batcherFor(deps, name)
    .insert({ id: newId(), ...columns, language })
    .catch((error: unknown) => {
      if (!(kind.unique && clientId && isClientIdTaken(error))) throw error;
      reused = true;
      return null;
    });
  // Skipped: the unique column says which. The insert decides, not a read before it, so two sends
  // at once of the same form still store one row.
  const earlier =
    !row && clientId && (reused || !kind.unique) ? await storedWithClientId(deps, kind, clientId) : undefined;
  if (earlier) {
    if (!sameContent(columns, earlier)) throw new ConflictError(t('submission.clientIdReused'));
    return { message, data: kind.unique ? null : (kind.toWire({ ...earlier, ...kind.asReceived }) as WireOf<K>) };
  }
  // A private kind says nothing of what is stored, whether the row was new or not; a sign-up of a
  // known address queued its confirmation's job all the same (after-store.ts).
  if (kind.unique || !row) return { message, data: null };
  return { message, data: kind.toWire(row) as WireOf<K> };
}

/** A unique violation of a table's client_id: the id was sent before with another form. */
const isClientIdTaken = (error: unknown) => {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint?.endsWith('_client_id_key') === true;
};

const storedWithClientId = (deps: Deps, kind: AnyKind, clientId: string) =>
  untyped(deps.db).selectFrom(kind.table).selectAll().where('clientId', '=', clientId).executeTakeFirst() as Promise<
    Record<string, unknown> | undefined
  >;

/**
 * Whether a stored row holds what the form's columns say: texts as they are, lists (stored as
 * JSON, read back parsed) as their JSON. The page's language and the id itself are not content.
 */
function sameContent(columns: Record<string, unknown>, row: Record<string, unknown>): boolean {
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  return Object.entries(columns).every(
    ([column, value]) => column === 'clientId' || value === undefined || text(value) === text(row[column]),
  );
}

/** One batcher per database and table (group commit: server/db/insert-batcher.ts). */
const batchers = new WeakMap<DB, Map<string, InsertBatcher>>();
function batcherFor(deps: Deps, name: KindName): InsertBatcher {
  const kind: AnyKind = KINDS[name];
  let byTable = batchers.get(deps.db);
  if (!byTable) {
    byTable = new Map();
    batchers.set(deps.db, byTable);
  }
  let batcher = byTable.get(kind.table);
  if (!batcher) {
    batcher = createInsertBatcher(untyped(deps.db), kind.table, {
      // PGlite has one connection; a pool writes a few batches at once.
      concurrency: deps.config.databaseUrl ? 4 : 1,
      // A row repeating a unique value is skipped: for a private kind, its own unique column's
      // (the newsletter's email; a client id taken fails, see registerSubmission), for the others
      // any (their client id), and registerSubmission reads which.
      onConflictDoNothing: kind.unique ?? true,
      // The mails a submission causes are queued with it (server/submissions/after-store.ts).
      afterInsert: (trx, stored, given) =>
        afterSubmissionStored(
          trx,
          deps,
          { kind: name, rows: stored } as StoredRows,
          given as { email: string; language: Locale }[],
        ),
    });
    byTable.set(kind.table, batcher);
  }
  return batcher;
}

/** `%`, `_` and `\` match themselves in a search, not any text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A kind's rows narrowed by the staff filters, newest first: the base of pages and exports. */
export function filteredQuery(db: DB, kind: AnyKind, filters: { q?: string | undefined; status?: string | undefined }) {
  let query = untyped(db).selectFrom(kind.table).selectAll().orderBy(kind.listOrder, 'desc').orderBy('id', 'desc');
  const q = filters.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    query = query.where((eb) => eb.or(kind.searchColumns.map((column) => eb(column, 'ilike', pattern))));
  }
  // A status the kind does not have matches nothing (contact messages have none).
  if (filters.status)
    query = kind.statuses?.includes(filters.status)
      ? query.where('status', '=', filters.status)
      : query.where(sql<boolean>`false`);
  return query;
}

/** One page of a kind's submissions, newest first (server/db/keyset.ts), optionally filtered. */
export async function submissionPage<K extends KindName>(
  deps: Deps,
  type: K,
  {
    limit = PAGE_SIZE.default,
    cursor,
    ...filters
  }: { limit?: number | undefined; cursor?: string | undefined } & SubmissionFilterValues,
): Promise<Page<WireOf<K>>> {
  const kind: AnyKind = KINDS[type];
  let query = filteredQuery(deps.db, kind, filters)
    .select(cursorOf(kind.listOrder))
    .limit(limit + 1);
  if (cursor) query = query.where(after(kind.listOrder, cursor));
  const { rows, nextCursor } = pageOf(await query.execute(), limit);
  return { items: rows.map((row) => kind.toWire(row) as WireOf<K>), nextCursor };
}

/** How many submissions of each kind there are: the counters the database keeps by trigger. */
export async function submissionCounts(deps: Deps): Promise<Record<SubmissionType, number>> {
  const rows = await deps.db
    .selectFrom('submission_counts')
    .select(['kind', (eb) => eb.fn.sum<number>('n').as('n')])
    .groupBy('kind')
    .execute();
  const counts = Object.fromEntries(SUBMISSION_TYPES.map((type) => [type, 0])) as Record<SubmissionType, number>;
  for (const { kind, n } of rows) if (kind in counts) counts[kind as SubmissionType] = Number(n);
  return counts;
}

/**
 * GET /api/submissions and submission.list: the first page of every kind (the documented
 * shape), or with `type`, the page of that kind after `before`; with where each list goes on and
 * the counts per kind.
 */
export async function listSubmissions(deps: Deps, query: SubmissionListQuery = {}): Promise<SubmissionListAnswer> {
  const limit = query.limit ?? SUBMISSION_LIST_DEFAULT;
  const types = query.type ? [query.type] : SUBMISSION_TYPES;
  const pages = await Promise.all(types.map((type) => submissionPage(deps, type, { limit, cursor: query.before })));
  const lists = Object.fromEntries(SUBMISSION_TYPES.map((type) => [type, []])) as unknown as SubmissionLists;
  const next = Object.fromEntries(SUBMISSION_TYPES.map((type) => [type, null])) as Record<
    SubmissionType,
    string | null
  >;
  types.forEach((type, i) => {
    (lists as unknown as Record<string, unknown[]>)[type] = pages[i]!.items;
    next[type] = pages[i]!.nextCursor;
  });
  return { ...lists, next, counts: await submissionCounts(deps) };
}

/** Sets the status of one submission; the status must be one its type allows. Audited. */
export async function updateStatus(
  deps: Deps,
  type: StatusType,
  id: string,
  status: string,
  actor: Actor,
): Promise<{ message: string; _id: string; status: string }> {
  const kind: AnyKind = KINDS[type];
  if (!kind.statuses) throw new ValidationError(t('submission.invalidType'));
  if (!kind.statuses.includes(status)) {
    throw new ValidationError(t('submission.invalidStatus'), [
      { path: 'status', message: t('submission.invalidStatus') },
    ]);
  }
  const found =
    isId(id) &&
    (await deps.db.transaction().execute(async (trx) => {
      const result = await untyped(trx)
        .updateTable(kind.table)
        .set({ status, updatedAt: deps.now() })
        .where('id', '=', id)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      if (type === 'newsletter' && status === 'unsubscribed') await withdrawEditionMail(trx, id);
      await audit(trx, actor, 'submission.status', `${type}/${id}`, `set to ${status}`);
      if (status === 'approved' && type !== 'newsletter') await queueWelcome(trx, deps, type, id);
      return true;
    }));
  if (!found) throw new NotFoundError(t('submission.notFound'));
  return { message: t('submissions.statusUpdated'), _id: id, status };
}

/** Deletes one submission for good (an erasure request under the NDPA). Audited. */
export async function deleteSubmission(
  deps: Deps,
  type: SubmissionType,
  id: string,
  actor: Actor,
): Promise<{ message: string; _id: string }> {
  const kind: AnyKind = KINDS[type];
  const found =
    isId(id) &&
    (await deps.db.transaction().execute(async (trx) => {
      if (type === 'newsletter') await withdrawEditionMail(trx, id);
      const result = await untyped(trx).deleteFrom(kind.table).where('id', '=', id).executeTakeFirst();
      if (result.numDeletedRows === 0n) return false;
      // Notes are about the person: they go with the entry.
      await trx.deleteFrom('submission_notes').where('kind', '=', type).where('submissionId', '=', id).execute();
      await audit(trx, actor, 'submission.deleted', `${type}/${id}`);
      return true;
    }));
  if (!found) throw new NotFoundError(t('submission.notFound'));
  return { message: t('submission.deleted'), _id: id };
}

/**
 * Purges what the retention period no longer allows to keep (each kind's `retention`): rejected
 * applications and contact messages older than `days`. Answers how many rows went, per kind.
 */
export async function purgeExpiredSubmissions(
  deps: Deps,
  days: number,
): Promise<Partial<Record<SubmissionType, number>>> {
  const cutoff = new Date(deps.now().getTime() - days * 24 * 60 * 60 * 1000);
  const purged: Partial<Record<SubmissionType, number>> = {};
  await deps.db.transaction().execute(async (trx) => {
    for (const [name, kind] of Object.entries(KINDS) as [SubmissionType, AnyKind][]) {
      if (!kind.retention) continue;
      const { column, onlyStatus } = kind.retention;
      let query = untyped(trx).deleteFrom(kind.table).where(column, '<', cutoff);
      if (onlyStatus) query = query.where('status', '=', onlyStatus);
      const result = await query.executeTakeFirst();
      const count = Number(result.numDeletedRows);
      // Notes whose entry is gone go too.
      await sql`delete from submission_notes n where n.kind = ${name}
        and not exists (select 1 from ${sql.table(kind.table)} s where s.id = n.submission_id)`.execute(trx);
      if (count === 0) continue;
      purged[name] = count;
      await audit(trx, SYSTEM, 'submission.purged', name, `${count} older than ${days} days`);
    }
  });
  return purged;
}

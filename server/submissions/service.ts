/** Public sign-ups and their review: the logic and SQL behind submission.* and /api/submissions. */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { StatusType } from '../../shared/constants';
import { t } from '../../shared/messages';
import type { SubmissionLists } from '../../shared/schemas/submissions';
import { isId, newId } from '../db/ids';
import type { Deps } from '../deps';
import { NotFoundError, ValidationError } from '../errors';
import { type InputOf, KINDS, type Kind, type KindName, type WireOf } from './kinds';

/**
 * The queries are the same for every kind, but Kysely cannot type one query over a union of
 * tables: they run on an untyped view of the same database, and each kind's own functions carry
 * the types in and out.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyKind = Kind<any, z.ZodType, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: see above.
const untyped = (deps: Deps) => deps.db as unknown as Kysely<any>;

/** A filled honeypot means a bot: it gets the same answer and nothing is stored. */
const isBot = (input: { website?: string | undefined }) => (input.website ?? '').trim() !== '';

export interface Registered<T> {
  message: string;
  data: T | null;
}

/** Stores one form's submission (a newsletter email already stored is updated instead, see KINDS). */
export async function registerSubmission<K extends KindName>(
  deps: Deps,
  name: K,
  input: InputOf<K>,
): Promise<Registered<WireOf<K>>> {
  const kind: AnyKind = KINDS[name];
  const message = t(kind.success);
  if (isBot(input)) return { message, data: null };
  let insert = untyped(deps)
    .insertInto(kind.table)
    .values({ id: newId(), ...kind.columns(input) });
  const { repeat } = kind;
  if (repeat) insert = insert.onConflict((oc) => oc.column(repeat.column).doUpdateSet(repeat.set));
  const row = await insert.returningAll().executeTakeFirstOrThrow();
  return { message, data: kind.toWire(row) as WireOf<K> };
}

/** Every kind's submissions, newest first. */
export async function listSubmissions(deps: Deps): Promise<SubmissionLists> {
  const lists = await Promise.all(
    Object.entries(KINDS).map(async ([name, kind]: [string, AnyKind]) => {
      const rows = await untyped(deps)
        .selectFrom(kind.table)
        .selectAll()
        .orderBy(kind.listOrder, 'desc')
        .orderBy('id', 'desc')
        .execute();
      return [name, rows.map((row) => kind.toWire(row))] as const;
    }),
  );
  return Object.fromEntries(lists) as { [K in KindName]: WireOf<K>[] } satisfies SubmissionLists;
}

/** Sets the status of one submission; the status must be one its type allows. */
export async function updateStatus(
  deps: Deps,
  type: StatusType,
  id: string,
  status: string,
): Promise<{ message: string; _id: string; status: string }> {
  const kind: AnyKind = KINDS[type];
  if (!kind.statuses) throw new ValidationError(t('submission.invalidType'));
  if (!kind.statuses.includes(status)) {
    throw new ValidationError(t('submission.invalidStatus'), [
      { path: 'status', message: t('submission.invalidStatus') },
    ]);
  }
  const result = isId(id)
    ? await untyped(deps)
        .updateTable(kind.table)
        .set({ status, updatedAt: deps.now() })
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!result || result.numUpdatedRows === 0n) throw new NotFoundError(t('submission.notFound'));
  return { message: t('submissions.statusUpdated'), _id: id, status };
}

/** Public sign-ups and their review: the logic and SQL behind submission.* and /api/submissions. */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { t } from '../../shared/messages';
import type {
  Advocate,
  advocateInput,
  ContactMessage,
  contactInput,
  NewsletterSubscription,
  newsletterInput,
  Partner,
  partnerInput,
  SubmissionLists,
  Volunteer,
  volunteerInput,
} from '../../shared/schemas/submissions';
import { isId, newId } from '../db/ids';
import type { Deps } from '../deps';
import { NotFoundError, ValidationError } from '../errors';
import { type InputOf, KINDS, type Kind, type KindName, kindNamed, type WireOf } from './kinds';

type Out<T extends z.ZodType> = z.output<T>;

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

async function register<K extends KindName>(deps: Deps, name: K, input: InputOf<K>): Promise<Registered<WireOf<K>>> {
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

export const registerVolunteer = (deps: Deps, input: Out<typeof volunteerInput>): Promise<Registered<Volunteer>> =>
  register(deps, 'volunteer', input);

export const registerPartner = (deps: Deps, input: Out<typeof partnerInput>): Promise<Registered<Partner>> =>
  register(deps, 'partner', input);

export const registerAdvocate = (deps: Deps, input: Out<typeof advocateInput>): Promise<Registered<Advocate>> =>
  register(deps, 'advocate', input);

export const registerContact = (deps: Deps, input: Out<typeof contactInput>): Promise<Registered<ContactMessage>> =>
  register(deps, 'contact', input);

/** One subscription per email: subscribing again keeps it and makes it active again. */
export const subscribeNewsletter = (
  deps: Deps,
  input: Out<typeof newsletterInput>,
): Promise<Registered<NewsletterSubscription>> => register(deps, 'newsletter', input);

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
  type: string,
  id: string,
  status: string,
): Promise<{ message: string; _id: string; status: string }> {
  const kind: AnyKind | undefined = kindNamed(type);
  if (!kind?.statuses)
    throw new ValidationError(t('submission.invalidType'), [{ path: 'type', message: t('submission.invalidType') }]);
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

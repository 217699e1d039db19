/**
 * Newsletter editions for staff (newsletter.send): write, read, preview, test, delete. Sending,
 * scheduling and pausing are in sending.ts. Every change is audited; an edition changes only
 * while it is a draft or scheduled: what readers received stays as they received it.
 */
import type { Kysely } from 'kysely';
import { t } from '../../../shared/messages';
import {
  EDITIONS_PAGE_SIZE,
  type Edition,
  type EditionCounts,
  type EditionData,
  type EditionListQuery,
  type EditionPreviewInput,
  type EditionSummary,
} from '../../../shared/schemas/editions';
import { type Actor, audit } from '../../audit/audit';
import type { DB } from '../../db/database';
import { isId, newId } from '../../db/ids';
import { after, cursorOf, pageOf } from '../../db/keyset';
import type { Database, Row } from '../../db/schema';
import type { Deps } from '../../deps';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { batchCounts } from '../../mail/batches';
import { queueRenderedMail } from '../../mail/compose';
import { languagesOf, loadCampaign, renderEditionMail, sampleUnsubscribeUrl, textFor } from './content';
import { renderingsOf, renderTexts } from './renderings';

export type EditionRow = Row<'newsletter_editions'>;

/** Confirmed, active subscribers: the only addresses an edition goes to. */
export const subscribers = (db: Kysely<Database>) =>
  db.selectFrom('newsletter_subscriptions').where('status', '=', 'active').where('confirmedAt', 'is not', null);

/** Who a send now would reach, by their language. */
export async function audienceOf(db: Kysely<Database>): Promise<{ en: number; ha: number }> {
  const rows = await subscribers(db)
    .select(['language', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy('language')
    .execute();
  const count = (language: string) => Number(rows.find((row) => row.language === language)?.count ?? 0);
  return { en: count('en'), ha: count('ha') };
}

/**
 * Where an edition's send stands. Before it starts, `recipients` is who it would reach now; while
 * it runs, the messages queued so far and the subscribers not yet reached; once done, what the
 * edition kept of its outcome.
 */
export async function countsOf(
  db: Kysely<Database>,
  row: EditionRow,
  audience?: { en: number; ha: number },
): Promise<EditionCounts> {
  if (row.finalCounts) return { ...row.finalCounts, queued: 0 };
  if (row.status === 'draft' || row.status === 'scheduled') {
    const { en, ha } = audience ?? (await audienceOf(db));
    return { recipients: en + ha, queued: 0, sent: 0, failed: 0 };
  }
  const counts = await batchCounts(db, row.id);
  let waiting = 0;
  if (!row.queuedAllAt) {
    let pending = subscribers(db).select((eb) => eb.fn.countAll<string>().as('count'));
    if (row.queuedThrough) pending = pending.where('id', '>', row.queuedThrough);
    waiting = Number((await pending.executeTakeFirstOrThrow()).count);
  }
  return {
    recipients: counts.queued + counts.sent + counts.failed + waiting,
    queued: counts.queued + waiting,
    sent: counts.sent,
    failed: counts.failed,
  };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

const summaryOf = (row: EditionRow, counts: EditionCounts): EditionSummary => ({
  id: row.id,
  subject: row.subject,
  subjectHa: row.subjectHa,
  status: row.status,
  sendAt: iso(row.sendAt),
  startedAt: iso(row.startedAt),
  sentAt: iso(row.sentAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  counts,
});

export async function editionOf(db: Kysely<Database>, row: EditionRow): Promise<Edition> {
  const audience = await audienceOf(db);
  return {
    ...summaryOf(row, await countsOf(db, row, audience)),
    body: row.body,
    bodyHa: row.bodyHa,
    campaignId: row.campaignId,
    audience,
  };
}

export async function findEdition(db: Kysely<Database>, id: string, lock = false): Promise<EditionRow> {
  if (!isId(id)) throw new NotFoundError(t('editions.notFound'));
  let query = db.selectFrom('newsletter_editions').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new NotFoundError(t('editions.notFound'));
  return row;
}

/** GET /api/newsletters: newest first, a page at a time. */
export async function listEditions(deps: Pick<Deps, 'db'>, query: EditionListQuery) {
  const limit = query.limit ?? EDITIONS_PAGE_SIZE.default;
  let select = deps.db
    .selectFrom('newsletter_editions')
    .selectAll()
    .select(cursorOf('createdAt'))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (query.before) select = select.where(after('createdAt', query.before));
  const { rows, nextCursor } = pageOf(await select.execute(), limit);
  const audience = await audienceOf(deps.db);
  const items = await Promise.all(
    rows.map(async (row) => summaryOf(row as EditionRow, await countsOf(deps.db, row as EditionRow, audience))),
  );
  return { items, next: nextCursor };
}

/** GET /api/newsletters/{id}. */
export async function getEdition(deps: Pick<Deps, 'db'>, id: string): Promise<Edition> {
  return editionOf(deps.db, await findEdition(deps.db, id));
}

async function assertCampaign(db: DB, campaignId: string | null) {
  if (campaignId && !(await loadCampaign(db, campaignId))) {
    throw new ValidationError(t('editions.campaignNotFound'), [
      { path: 'campaignId', message: t('editions.campaignNotFound') },
    ]);
  }
}

/** POST /api/newsletters: a new draft, its bodies rendered and kept (a body that cannot be is refused, 400). */
export async function createEdition(
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  data: EditionData,
  actor: Actor,
): Promise<{ message: string; data: Edition }> {
  const now = deps.now();
  const renderings = await renderTexts(deps, data);
  const row = await deps.db.transaction().execute(async (trx) => {
    await assertCampaign(trx, data.campaignId);
    const inserted = await trx
      .insertInto('newsletter_editions')
      .values({ id: newId(now.getTime()), ...data, ...renderings, createdAt: now, updatedAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, actor, 'edition.created', `edition/${inserted.id}`, data.subject);
    return inserted;
  });
  return { message: t('editions.created'), data: await editionOf(deps.db, row) };
}

/** PUT /api/newsletters/{id}: an edition's new text while it is unsent; refused (409) once sending began. */
export async function updateEdition(
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  id: string,
  data: EditionData,
  actor: Actor,
): Promise<{ message: string; data: Edition }> {
  // Rendered before the row is locked: a render may take a second, and a sent edition is refused after.
  const renderings = await renderTexts(deps, data);
  const row = await deps.db.transaction().execute(async (trx) => {
    const found = await findEdition(trx, id, true);
    if (found.startedAt) throw new ConflictError(t('editions.notDraft'));
    await assertCampaign(trx, data.campaignId);
    const updated = await trx
      .updateTable('newsletter_editions')
      .set({ ...data, ...renderings, updatedAt: deps.now() })
      .where('id', '=', found.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, actor, 'edition.updated', `edition/${found.id}`, data.subject);
    return updated;
  });
  return { message: t('editions.saved'), data: await editionOf(deps.db, row) };
}

/** DELETE /api/newsletters/{id}: drafts only. */
export async function deleteEdition(
  deps: Pick<Deps, 'db'>,
  id: string,
  actor: Actor,
): Promise<{ message: string; data: { id: string } }> {
  await deps.db.transaction().execute(async (trx) => {
    const found = await findEdition(trx, id, true);
    if (found.status !== 'draft') throw new ConflictError(t('editions.onlyDrafts'));
    await trx.deleteFrom('newsletter_editions').where('id', '=', found.id).execute();
    await audit(trx, actor, 'edition.deleted', `edition/${found.id}`, found.subject);
  });
  return { message: t('editions.deleted'), data: { id } };
}

/**
 * POST /api/newsletters/{id}/test: the edition, as subscribers would get it, to the signed-in
 * staff member, once in each language it has text in. Marked as a test at the top; its
 * unsubscribe link names no subscription.
 */
export async function testEdition(
  deps: Pick<Deps, 'db' | 'now' | 'config' | 'mailQueued'>,
  id: string,
  staff: { email: string },
  actor: Actor,
) {
  const row = await findEdition(deps.db, id);
  const languages = languagesOf(row);
  const renderings = await renderingsOf(deps, deps.db, row);
  // Rendered before the transaction: a mail is rendered in a worker, and no lock waits for it.
  const mails: Awaited<ReturnType<typeof renderEditionMail>>[] = [];
  for (const language of languages) {
    mails.push(
      await renderEditionMail(deps, deps.db, { ...row, ...renderings }, language, {
        unsubscribeUrl: sampleUnsubscribeUrl(deps, language),
        test: true,
      }),
    );
  }
  await deps.db.transaction().execute(async (trx) => {
    for (const [i, language] of languages.entries()) {
      const mail = mails[i]!;
      await queueRenderedMail(trx, deps, {
        kind: 'newsletter.test',
        to: staff.email,
        language,
        subject: t('editions.testSubject', { subject: mail.subject }, language),
        html: mail.html,
        text: mail.text,
      });
    }
    await audit(trx, actor, 'edition.tested', `edition/${row.id}`, `to ${staff.email} in ${languages.join(', ')}`);
  });
  return { message: t('editions.tested', { email: staff.email }), data: { to: staff.email, languages } };
}

/**
 * newsletters.preview: the mail a reader in `language` would get from the editor's text as it
 * stands, rendered in the renderer's worker (only the half that reader gets); nothing is kept.
 */
export async function previewEdition(deps: Pick<Deps, 'db' | 'config'>, input: EditionPreviewInput) {
  const { language, ...edition } = input;
  const half = textFor(edition, language).language;
  const renderings = await renderTexts(deps, edition, { en: half === 'en', ha: half === 'ha' });
  const mail = await renderEditionMail(deps, deps.db, { ...edition, ...renderings, id: null }, language, {
    unsubscribeUrl: sampleUnsubscribeUrl(deps, language),
  });
  return { subject: mail.subject, html: mail.html };
}

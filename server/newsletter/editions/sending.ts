/**
 * Sending an edition: once, now or at a time, to every confirmed, active subscriber.
 *
 * - Starting renders the edition's mail once per language, around the bodies kept when it was
 *   saved, in the renderer's worker and before the edition's row is locked; it goes into a mail
 *   batch (mail/batches.ts) and the edition is public (the archive). Then `advanceEditions` (every
 *   few seconds in each process, and at once after a send) queues one outbox row per subscriber,
 *   QUEUE_BATCH at a time in subscription-id order, each batch committed with the last id it
 *   reached: memory stays flat whatever the list, and a crash resumes after the last committed
 *   batch, skipping no one and queueing no one twice. It keeps no more than `queueAhead` messages
 *   waiting: queueing follows delivery rather than racing it.
 *   The edition's row is locked while a batch is queued, so two processes never queue the same one.
 * - The mail worker delivers them no faster than MAIL_PER_MINUTE, after any one-off mail.
 * - Pausing stops the queueing and holds the batch's queued messages; resuming releases them.
 * - Once every message is delivered or given up, the edition is 'sent' and keeps its figures.
 * - Unsubscribing withdraws what is still queued for the address (withdrawBatchMail): the
 *   subscriber rows a batch reads are locked until it commits, so an unsubscribe either comes
 *   first (the address is not queued) or waits and then withdraws what was.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { formatDateTime } from '../../../shared/format';
import { LOCALE_CODES, t } from '../../../shared/messages';
import { EDITION_SCHEDULE_MAX_DAYS, type Edition } from '../../../shared/schemas/editions';
import { oneLine } from '../../../shared/schemas/fields';
import { type Actor, audit, SYSTEM } from '../../audit/audit';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { ConflictError, ValidationError } from '../../errors';
import { type BatchTemplate, batchCounts, createBatch, holdBatch, queueBatchMails } from '../../mail/batches';
import { unsubscribeHeadersFor, unsubscribeLink } from '../unsubscribe-link';
import { renderEditionMail, textFor } from './content';
import { renderingsOf } from './renderings';
import { audienceOf, type EditionRow, editionOf, findEdition, subscribers } from './service';

export const EDITION_MAIL_KIND = 'newsletter.edition';
/**
 * Subscribers queued per transaction: a step short enough (tens of milliseconds) that requests
 * served by the same process, and on PGlite by the same thread, barely wait for it.
 */
export const QUEUE_BATCH = 100;
/**
 * How far queueing runs ahead of delivery: half a minute of MAIL_PER_MINUTE, at least two steps.
 * The sender tops it up every couple of seconds while a send runs; queueing faster than the mail
 * can leave only piles rows up. This way a 20,000-reader send is queued a step at a time as it
 * goes out, and the site serving pages meanwhile barely notices.
 */
export const queueAhead = (perMinute: number) => Math.max(2 * QUEUE_BATCH, Math.ceil(perMinute / 2));
/** A time this close to now (or past by this little: the form's clock) means now. */
const NOW_MARGIN_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

type SendDeps = Pick<Deps, 'db' | 'now' | 'config' | 'tokens' | 'mailQueued' | 'publicDataVersion' | 'editionsDue'>;

/** The edition's mail in each language, with the unsubscribe link as a slot: what its batch sends. */
async function batchTemplates(deps: SendDeps, db: Kysely<Database>, row: EditionRow): Promise<BatchTemplate[]> {
  const renderings = await renderingsOf(deps, db, row);
  const templates: BatchTemplate[] = [];
  for (const language of LOCALE_CODES) {
    const { html, text } = await renderEditionMail(deps, db, { ...row, ...renderings }, language);
    templates.push({ language, html, text });
  }
  return templates;
}

/**
 * The templates made for `made` before its row was locked, if `row` (as locked) still reads the
 * same; otherwise made again, in the transaction (an edit saved meanwhile, rarely).
 */
const templatesFor = (
  trx: Transaction<Database>,
  deps: SendDeps,
  row: EditionRow,
  made: { row: EditionRow; templates: BatchTemplate[] },
) => (row.updatedAt.getTime() === made.row.updatedAt.getTime() ? made.templates : batchTemplates(deps, trx, row));

/** Puts the edition's templates into its batch and marks it sending: from now on it is public. */
async function startSending(
  trx: Transaction<Database>,
  deps: SendDeps,
  row: EditionRow,
  templates: BatchTemplate[],
  actor: Actor,
) {
  const now = deps.now();
  await createBatch(trx, { id: row.id, kind: EDITION_MAIL_KIND, now }, templates);
  await trx
    .updateTable('newsletter_editions')
    .set({ status: 'sending', startedAt: now, updatedAt: now })
    .where('id', '=', row.id)
    .execute();
  await audit(trx, actor, 'edition.sending', `edition/${row.id}`, row.subject);
}

/**
 * POST /api/newsletters/{id}/send: now, or at `at`. Only a draft is sent: a second send is
 * refused (409), whatever its state.
 */
export async function sendEdition(
  deps: SendDeps,
  input: { id: string; at?: string | null | undefined },
  actor: Actor,
): Promise<{ message: string; data: Edition }> {
  const now = deps.now();
  const when = input.at ? new Date(input.at) : null;
  if (when && when.getTime() < now.getTime() - NOW_MARGIN_MS) {
    throw new ValidationError(t('editions.pastTime'), [{ path: 'at', message: t('editions.pastTime') }]);
  }
  if (when && when.getTime() > now.getTime() + EDITION_SCHEDULE_MAX_DAYS * DAY_MS) {
    throw new ValidationError(t('editions.tooFar'), [{ path: 'at', message: t('editions.tooFar') }]);
  }
  const later = when !== null && when.getTime() > now.getTime() + NOW_MARGIN_MS;
  // The mail is rendered before the row is locked (an edition already sent is refused below).
  const draft = later ? null : await findEdition(deps.db, input.id);
  const made = draft?.status === 'draft' ? { row: draft, templates: await batchTemplates(deps, deps.db, draft) } : null;
  const row = await deps.db.transaction().execute(async (trx) => {
    const found = await findEdition(trx, input.id, true);
    if (found.status !== 'draft') throw new ConflictError(t('editions.alreadySent'));
    if (later) {
      await trx
        .updateTable('newsletter_editions')
        .set({ status: 'scheduled', sendAt: when, updatedAt: now })
        .where('id', '=', found.id)
        .execute();
      await audit(trx, actor, 'edition.scheduled', `edition/${found.id}`, `for ${when.toISOString()}`);
    } else {
      const audience = await audienceOf(trx);
      if (audience.en + audience.ha === 0) throw new ValidationError(t('editions.noRecipients'));
      const templates = made ? await templatesFor(trx, deps, found, made) : await batchTemplates(deps, trx, found);
      await startSending(trx, deps, found, templates, actor);
    }
    return findEdition(trx, found.id);
  });
  if (!later) {
    await deps.publicDataVersion.settle();
    deps.editionsDue.wake();
  }
  return {
    message: later ? t('editions.scheduledFor', { when: formatDateTime(when!) }) : t('editions.sendingNow'),
    data: await editionOf(deps.db, row),
  };
}

/** A scheduled edition made a draft again: its schedule cancelled, to be changed and sent anew. */
async function unschedule(trx: Kysely<Database>, id: string, now: Date, actor: Actor, summary: string) {
  await trx
    .updateTable('newsletter_editions')
    .set({ status: 'draft', sendAt: null, updatedAt: now })
    .where('id', '=', id)
    .execute();
  await audit(trx, actor, 'edition.paused', `edition/${id}`, summary);
}

/**
 * POST /api/newsletters/{id}/pause: nothing more is queued or sent until resumed. A scheduled
 * edition paused goes back to being a draft: its schedule is cancelled, and it may be changed and
 * sent or scheduled again.
 */
export async function pauseEdition(deps: Pick<Deps, 'db' | 'now'>, id: string, actor: Actor) {
  const now = deps.now();
  const { row, unscheduled } = await deps.db.transaction().execute(async (trx) => {
    const found = await findEdition(trx, id, true);
    if (found.status === 'scheduled') {
      await unschedule(trx, found.id, now, actor, 'schedule cancelled: a draft again');
      return { row: await findEdition(trx, found.id), unscheduled: true };
    }
    if (found.status !== 'sending') throw new ConflictError(t('editions.cannotPause'));
    await holdBatch(trx, found.id, true);
    const counts = await batchCounts(trx, found.id);
    await trx
      .updateTable('newsletter_editions')
      .set({ status: 'paused', updatedAt: now })
      .where('id', '=', found.id)
      .execute();
    await audit(trx, actor, 'edition.paused', `edition/${found.id}`, `${counts.sent} sent, ${counts.queued} waiting`);
    return { row: await findEdition(trx, found.id), unscheduled: false };
  });
  return {
    message: unscheduled ? t('editions.unscheduled') : t('editions.paused'),
    data: await editionOf(deps.db, row),
  };
}

/** POST /api/newsletters/{id}/resume: sending goes on where it stopped. */
export async function resumeEdition(deps: SendDeps, id: string, actor: Actor) {
  const row = await deps.db.transaction().execute(async (trx) => {
    const found = await findEdition(trx, id, true);
    if (found.status !== 'paused') throw new ConflictError(t('editions.cannotResume'));
    await holdBatch(trx, found.id, false);
    await trx
      .updateTable('newsletter_editions')
      .set({ status: 'sending', updatedAt: deps.now() })
      .where('id', '=', found.id)
      .execute();
    await audit(trx, actor, 'edition.resumed', `edition/${found.id}`);
    return findEdition(trx, found.id);
  });
  deps.mailQueued.wake();
  deps.editionsDue.wake();
  return { message: t('editions.resumed'), data: await editionOf(deps.db, row) };
}

/**
 * The edition `id` locked for this transaction if it is in `status` (and, when told, queued in
 * full or not); undefined if not, or if another process holds it: that one is doing the work.
 */
const lockEdition = (trx: Transaction<Database>, id: string, status: 'scheduled' | 'sending', queuedAll?: boolean) => {
  let query = trx.selectFrom('newsletter_editions').selectAll().where('id', '=', id).where('status', '=', status);
  if (queuedAll !== undefined) query = query.where('queuedAllAt', queuedAll ? 'is not' : 'is', null);
  return query.forUpdate().skipLocked().executeTakeFirst();
};

/**
 * Queues the next batch of an edition being sent, in one transaction with its cursor. Answers how
 * many were queued, or null when there is nothing (more) to do for it here: all queued, paused,
 * or another process holds it.
 */
async function queueNextBatch(deps: SendDeps, id: string, size: number): Promise<number | null> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockEdition(trx, id, 'sending', false);
    if (!row) return null;
    let next = subscribers(trx)
      .select(['id', 'email', 'language'])
      .orderBy('id')
      .limit(size)
      // Held until this batch commits: an unsubscribe waits, then withdraws what was queued.
      .forShare();
    if (row.queuedThrough) next = next.where('id', '>', row.queuedThrough);
    const readers = await next.execute();
    if (readers.length === 0) {
      await trx.updateTable('newsletter_editions').set({ queuedAllAt: deps.now() }).where('id', '=', row.id).execute();
      return null;
    }
    const subjects = Object.fromEntries(
      LOCALE_CODES.map((language) => [language, oneLine(textFor(row, language).subject)]),
    );
    const mails = await Promise.all(
      readers.map(async (reader) => {
        const link = await unsubscribeLink(deps, reader, reader.language);
        return {
          to: reader.email,
          language: reader.language,
          subject: subjects[reader.language]!,
          slots: [link],
          headers: unsubscribeHeadersFor(link),
        };
      }),
    );
    const queued = await queueBatchMails(trx, deps, { id: row.id, kind: EDITION_MAIL_KIND }, mails);
    await trx
      .updateTable('newsletter_editions')
      .set({ queuedThrough: readers.at(-1)!.id })
      .where('id', '=', row.id)
      .execute();
    return queued;
  });
}

/** Marks an edition sent once nothing of it is waiting, and keeps its figures. */
async function finishIfDone(deps: Pick<Deps, 'db' | 'now'>, id: string): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockEdition(trx, id, 'sending', true);
    if (!row) return false;
    const counts = await batchCounts(trx, row.id);
    if (counts.queued > 0) return false;
    const finalCounts = { recipients: counts.sent + counts.failed, sent: counts.sent, failed: counts.failed };
    await trx
      .updateTable('newsletter_editions')
      .set({ status: 'sent', sentAt: deps.now(), finalCounts: JSON.stringify(finalCounts) })
      .where('id', '=', row.id)
      .execute();
    await audit(trx, SYSTEM, 'edition.sent', `edition/${row.id}`, `${counts.sent} sent, ${counts.failed} failed`);
    return true;
  });
}

/**
 * One pass over the editions with work: scheduled ones whose time has come start, sends under
 * way queue what is left, and finished ones are marked sent. Safe in any number of processes at
 * once. Answers what it did.
 */
export async function advanceEditions(
  deps: SendDeps,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<{ started: number; queued: number; finished: number; sending: number }> {
  const { batchSize = QUEUE_BATCH, maxBatches = Number.POSITIVE_INFINITY } = options;
  const now = deps.now();
  let started = 0;
  const due = await deps.db
    .selectFrom('newsletter_editions')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('sendAt', '<=', now)
    .execute();
  for (const { id } of due) {
    const scheduled = await deps.db
      .selectFrom('newsletter_editions')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 'scheduled')
      .executeTakeFirst();
    if (!scheduled) continue;
    let made: { row: EditionRow; templates: BatchTemplate[] };
    try {
      made = { row: scheduled, templates: await batchTemplates(deps, deps.db, scheduled) };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      // Its mail cannot be made within the renderer's cap: a draft again for staff to see to,
      // rather than a render tried again at every pass.
      await unschedule(deps.db, id, now, SYSTEM, `schedule cancelled: ${error.message}`);
      continue;
    }
    const began = await deps.db.transaction().execute(async (trx) => {
      const row = await lockEdition(trx, id, 'scheduled');
      if (!row) return false;
      await startSending(trx, deps, row, await templatesFor(trx, deps, row, made), SYSTEM);
      return true;
    });
    if (began) started += 1;
  }
  if (started > 0) await deps.publicDataVersion.settle();

  let queued = 0;
  let batches = 0;
  let finished = 0;
  const ahead = queueAhead(deps.config.mail.perMinute);
  const sending = await deps.db
    .selectFrom('newsletter_editions')
    .select('id')
    .where('status', '=', 'sending')
    .execute();
  for (const { id } of sending) {
    while ((await batchCounts(deps.db, id)).queued < ahead) {
      const n = await queueNextBatch(deps, id, batchSize);
      if (n === null) break;
      queued += n;
      batches += 1;
      if (batches >= maxBatches) return { started, queued, finished, sending: sending.length };
      // Between steps, whatever else waits on this process (a page, a sign-in) goes first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (await finishIfDone(deps, id)) finished += 1;
  }
  return { started, queued, finished, sending: sending.length - finished };
}

/**
 * Runs `advanceEditions` every `idleMs`, every `activeMs` while an edition is being sent (to
 * top up its queue and see it finish), and whenever a send or a resume wakes it. Answers a
 * function that stops it (a pass under way finishes its step).
 */
export function startEditionSender(
  deps: SendDeps,
  log: FastifyBaseLogger,
  { idleMs = 10_000, activeMs = 2_000 }: { idleMs?: number; activeMs?: number } = {},
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const later = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    let active = false;
    running = advanceEditions(deps)
      .then((done) => {
        active = done.sending > 0;
        const { sending: _, ...changes } = done;
        if (changes.started + changes.queued + changes.finished > 0) log.info(changes, 'newsletter editions advanced');
      })
      .catch((error: unknown) => log.error({ err: error }, 'newsletter editions could not advance'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          later(0);
        } else later(active ? activeMs : idleMs);
      });
  }
  const unlisten = deps.editionsDue.listen(run);
  run();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    unlisten();
    await running;
  };
}

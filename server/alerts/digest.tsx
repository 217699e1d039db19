/**
 * The daily digest at 07:00 Lagos time: for each member of staff with 'daily' on a kind their role
 * receives, what arrived of those kinds since their last digest (the last 24 hours the first time),
 * in one mail, or no mail when nothing did. Safe with several instances: each staff row is claimed
 * with a conditional update of `digestThrough`, and each digest has a dedupe key per Lagos day.
 */
import type { Transaction } from 'kysely';
import { fromLagosClock, lagosClock, lagosToday } from '../../shared/lagos-time';
import type { Role } from '../../shared/roles';
import type { AlertChoice } from '../../shared/schemas/alerts';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { queueMail } from '../mail/compose';
import { type MailFrame, mailFrame } from '../mail/frame';
import { siteLink } from '../mail/links';
import { type AlertEntry, DASHBOARD, pledgeEntry, type StoredSubmissions, submissionEntries } from './entries';
import { ALERT_KINDS, type AlertKind, receives } from './recipients';
import { type Digest, DigestMail, digestCount, digestSubject, type Listed } from './templates/digest-mail';

export const DIGEST_HOUR = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Entries listed per section; the rest are counted. */
const LISTED = 20;

/** Today's 07:00 in Lagos when it has come, else yesterday's: the digest that should exist by now. */
export function digestSlot(now: Date): Date {
  const wall = lagosClock(now);
  const today = fromLagosClock(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), DIGEST_HOUR));
  return today.getTime() <= now.getTime() ? today : new Date(today.getTime() - DAY_MS);
}

/** The next 07:00 in Lagos after `now`. */
export const nextDigestAt = (now: Date): Date => new Date(digestSlot(now).getTime() + DAY_MS);

type DigestDeps = Pick<Deps, 'db' | 'config' | 'now' | 'mailQueued' | 'publicData'>;

interface Candidate {
  id: string;
  email: string;
  role: Role;
  alertSubmissions: AlertChoice;
  alertGiving: AlertChoice;
  digestThrough: Date | null;
}

/** Sends the digests due by now; answers how many were queued. */
export async function sendDailyDigests(deps: DigestDeps): Promise<{ sent: number }> {
  const now = deps.now();
  const slot = digestSlot(now);
  const candidates = await deps.db
    .selectFrom('admin_users')
    .select(['id', 'email', 'role', 'alertSubmissions', 'alertGiving', 'digestThrough'])
    .where('disabledAt', 'is', null)
    .where((eb) => eb.or([eb('alertSubmissions', '=', 'daily'), eb('alertGiving', '=', 'daily')]))
    .where((eb) => eb.or([eb('digestThrough', 'is', null), eb('digestThrough', '<', slot)]))
    .orderBy('id')
    .execute();
  let frame: MailFrame | undefined;
  let sent = 0;
  for (const staff of candidates) {
    const kinds = ALERT_KINDS.filter((kind) => choiceOf(staff, kind) === 'daily' && receives(staff.role, kind));
    if (kinds.length === 0) continue;
    frame ??= await mailFrame(deps, deps.db);
    const frameNow = frame;
    const queued = await deps.db.transaction().execute(async (trx) => {
      if (!(await claim(trx, staff.id, slot, now))) return false;
      const digest = await gather(trx, kinds, staff.digestThrough ?? new Date(now.getTime() - DAY_MS), now);
      if (digestCount(digest) === 0) return false;
      await queueMail(trx, deps, {
        kind: 'alerts.digest',
        to: staff.email,
        language: 'en',
        subject: digestSubject(digest),
        body: <DigestMail frame={frameNow} digest={digest} links={linksOf(deps)} />,
        dedupeKey: `alerts.digest:${staff.id}:${lagosToday(slot)}`,
      });
      return true;
    });
    if (queued) sent++;
  }
  return { sent };
}

const choiceOf = (staff: Candidate, kind: AlertKind) =>
  kind === 'submissions' ? staff.alertSubmissions : staff.alertGiving;

/**
 * Moves the staff member's digest on to `now` unless it already reaches this slot: another
 * instance's run (or a choice saved meanwhile) makes this update change nothing.
 */
async function claim(trx: Transaction<Database>, id: string, slot: Date, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('admin_users')
    .set({ digestThrough: now })
    .where('id', '=', id)
    .where('disabledAt', 'is', null)
    .where((eb) => eb.or([eb('digestThrough', 'is', null), eb('digestThrough', '<', slot)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

const linksOf = (deps: DigestDeps) => ({
  submissions: siteLink(deps.config, DASHBOARD.submissions, 'en'),
  giving: siteLink(deps.config, DASHBOARD.giving, 'en'),
  account: siteLink(deps.config, DASHBOARD.account, 'en'),
});

async function gather(trx: Transaction<Database>, kinds: AlertKind[], from: Date, to: Date): Promise<Digest> {
  const digest: Digest = { from, to };
  if (kinds.includes('submissions')) digest.submissions = await newSubmissions(trx, from, to);
  if (kinds.includes('giving')) {
    digest.pledges = await newPledges(trx, from, to);
    digest.statements = await unmatchedStatements(trx, from, to);
  }
  return digest;
}

const countOf = (row: { n: string | number | bigint } | undefined) => Number(row?.n ?? 0);

async function newSubmissions(trx: Transaction<Database>, from: Date, to: Date): Promise<Listed<AlertEntry>> {
  const applications = [
    ['volunteer', 'volunteer_submissions'],
    ['partner', 'partner_submissions'],
    ['advocate', 'advocate_submissions'],
  ] as const;
  let total = 0;
  const shown: AlertEntry[] = [];
  for (const [kind, table] of applications) {
    const within = trx.selectFrom(table).where('registrationDate', '>', from).where('registrationDate', '<=', to);
    total += countOf(await within.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst());
    const rows = await within.selectAll().orderBy('registrationDate').limit(LISTED).execute();
    // The loop's kind and rows go together, which TypeScript cannot follow through the tuple.
    shown.push(...submissionEntries({ kind, rows } as StoredSubmissions));
  }
  const messages = trx.selectFrom('contact_messages').where('createdAt', '>', from).where('createdAt', '<=', to);
  total += countOf(await messages.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst());
  const rows = await messages.selectAll().orderBy('createdAt').limit(LISTED).execute();
  shown.push(...submissionEntries({ kind: 'contact', rows }));
  return { total, shown: shown.sort((a, b) => a.at.getTime() - b.at.getTime()).slice(0, LISTED) };
}

async function newPledges(trx: Transaction<Database>, from: Date, to: Date): Promise<Listed<AlertEntry>> {
  const within = trx.selectFrom('pledges').where('createdAt', '>', from).where('createdAt', '<=', to);
  const total = countOf(await within.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst());
  const rows = await within.selectAll().orderBy('createdAt').limit(LISTED).execute();
  return { total, shown: rows.map(pledgeEntry) };
}

/** Statements imported in the window with credits that matched no pledge when imported. */
async function unmatchedStatements(trx: Transaction<Database>, from: Date, to: Date) {
  const rows = await trx
    .selectFrom('bank_statements as s')
    .select(['s.id', 's.filename', 's.createdAt'])
    .select((eb) =>
      eb
        .selectFrom('statement_lines as l')
        .select(eb.fn.countAll().as('n'))
        .whereRef('l.statementId', '=', 's.id')
        .where('l.matchKind', 'is', null)
        .as('unmatched'),
    )
    .where('s.createdAt', '>', from)
    .where('s.createdAt', '<=', to)
    .orderBy('s.createdAt')
    .execute();
  return rows
    .map((r) => ({ id: r.id, filename: r.filename, at: r.createdAt, unmatched: Number(r.unmatched ?? 0) }))
    .filter((r) => r.unmatched > 0);
}

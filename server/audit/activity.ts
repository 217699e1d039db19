/**
 * The audit trail read back for people: each event in plain words ("Amina Bello approved a
 * volunteer"), newest first, a page at a time, filtered by person, kind of action and day.
 */
import { type Kysely, sql } from 'kysely';
import { NEWSLETTER_STATUSES, type NewsletterStatus, REVIEW_STATUSES, type ReviewStatus } from '../../shared/constants';
import { lagosDayStart } from '../../shared/lagos-time';
import { isLocale, LANGUAGES, type MessageKey, t } from '../../shared/messages';
import { ROLES, type Role } from '../../shared/roles';
import type { ActivityQuery } from '../../shared/schemas/staff';
import { ACCOUNT_LIMIT } from '../auth/throttle';
import type { DB } from '../db/database';
import { isId } from '../db/ids';
import { after, cursorOf, pageOf } from '../db/keyset';
import type { Deps } from '../deps';
import { KINDS } from '../submissions/kinds';

export interface ActivityEvent {
  id: string;
  at: string;
  actorId: string | null;
  /** The person's name (their email when they have none), 'visitor' or 'system'. */
  actor: string;
  action: string;
  target: string | null;
  summary: string;
  ip: string | null;
  /** The request that made it (its X-Request-Id), to find its log lines; null for the server's own. */
  requestId: string | null;
  /** The event in plain words. */
  description: string;
  /** The entry the event changed, by its name, and the staff page that shows it; null when gone or without a page. */
  link: ActivityLink | null;
}

export interface ActivityLink {
  label: string;
  /** A path of the staff area, e.g. /admin/campaigns/<id>/edit. */
  path: string;
}

const DEFAULT_LIMIT = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

const KIND_NOUNS: Record<string, MessageKey> = {
  volunteer: 'activity.noun.volunteer',
  partner: 'activity.noun.partner',
  advocate: 'activity.noun.advocate',
  newsletter: 'activity.noun.newsletter',
  contact: 'activity.noun.contact',
};

const whoOf = (actor: string): string =>
  actor === 'visitor' ? t('activity.visitor') : actor === 'system' ? t('activity.system') : actor;

/** The submission kind a target like `volunteer/0193…` names, as a noun. */
const kindNoun = (target: string | null) => {
  const key = KIND_NOUNS[(target ?? '').split('/')[0] ?? ''];
  return key ? t(key) : t('activity.noun.entry');
};

/** A role or a status as recorded (English words of the API), in the language shown, as a word within a sentence. */
const roleName = (role: string) =>
  (ROLES as readonly string[]).includes(role) ? t(`admin.role.${role as Role}`).toLowerCase() : role;
const statusName = (status: string) =>
  ([...REVIEW_STATUSES, ...NEWSLETTER_STATUSES] as readonly string[]).includes(status)
    ? t(`admin.submissions.statusName.${status as ReviewStatus | NewsletterStatus}`).toLowerCase()
    : status;

/** One event in plain words; an action this code does not know is shown by its name. */
export function describeEvent(event: {
  actor: string;
  action: string;
  target: string | null;
  summary: string;
}): string {
  const who = whoOf(event.actor);
  const target = event.target ?? '';
  const summary = event.summary;
  switch (event.action) {
    case 'auth.login':
      return t('activity.signedIn', { who });
    case 'auth.login.failed':
      return t('activity.signInRefused', { target });
    // Written by older versions, at the first attempt refused by a lock.
    case 'auth.login.throttled':
      return t('activity.signInPaused', { target });
    case 'auth.account.locked':
      return t('activity.accountLocked', {
        target,
        minutes: ACCOUNT_LIMIT.windowMs / 60_000,
        attempts: ACCOUNT_LIMIT.max,
      });
    case 'auth.logout':
      return t('activity.signedOut', { who });
    case 'auth.password.changed':
      return t('activity.passwordChanged', { who, target });
    case 'auth.alerts.changed':
      return t('alerts.activity.changed', { who, what: summary });
    case 'auth.passwordReset.requested':
      return t('passwordReset.activity.requested', { target });
    case 'auth.passwordReset':
      return t('passwordReset.activity.reset', { target });
    case 'admin.created':
    case 'user.created':
      return t('activity.userCreated', { who, target, role: roleName(summary.replace(/^as /, '') || 'admin') });
    case 'user.updated':
      return t('activity.userUpdated', { who, target, what: summary });
    case 'user.password.reset':
      return t('activity.passwordReset', { who, target });
    case 'settings.updated':
      return t('activity.settingsUpdated', { who, what: summary });
    case 'campaign.created':
      return t('activity.campaignCreated', { who, title: summary });
    case 'campaign.updated':
      return t('activity.campaignUpdated', { who, title: summary });
    case 'campaign.deleted':
      return t('activity.campaignDeleted', { who, title: summary });
    case 'campaign.adjusted':
      return t('activity.campaignAdjusted', { who, what: summary });
    case 'pledge.created':
      return t('activity.pledgeCreated', { who, what: summary });
    case 'pledge.updated':
      return t('activity.pledgeUpdated', { who, what: summary });
    case 'gift.confirmed':
      return t('activity.giftConfirmed', { who, what: summary });
    case 'gift.reversed':
      return t('activity.giftReversed', { who, what: summary });
    case 'gift.refunded':
      return t('activity.giftRefunded', { who, what: summary });
    case 'pledge.paymentReview':
      return t('activity.paymentReview', { who, what: summary });
    case 'gift.exported':
      return t('activity.giftsExported', { who, what: summary });
    case 'statement.imported':
      return t('activity.statementImported', { who, what: summary });
    case 'statement.line':
      return t('activity.statementLine', { who, what: summary });
    case 'backup.written':
      return t('activity.backupWritten', { what: event.target ?? '' });
    case 'backup.downloaded':
      return t('activity.backupDownloaded', { who });
    case 'upload.created':
      return t('activity.uploaded', { who });
    case 'submission.status': {
      const status = summary.replace(/^set to /, '');
      const kind = kindNoun(target);
      if (status === 'approved') return t('activity.approved', { who, kind });
      if (status === 'rejected') return t('activity.rejected', { who, kind });
      return t('activity.statusSet', { who, kind, status: statusName(status) });
    }
    case 'submission.deleted':
      return t('activity.submissionDeleted', { who, kind: kindNoun(target) });
    case 'submission.noted':
      return t('activity.submissionNoted', { who, kind: kindNoun(target) });
    case 'submission.exported':
      return t('activity.submissionsExported', { who, kind: kindNoun(target), what: summary });
    case 'submission.purged':
      return t('activity.submissionsPurged', { kind: kindNoun(target), what: summary });
    case 'outbox.retry':
      return t('activity.outboxRetried', { who, what: summary });
    case 'text.changed':
    case 'text.reset':
    case 'text.reviewed': {
      const key = ({ 'text.changed': 'activity.textChanged', 'text.reset': 'activity.textReset' } as const)[
        event.action as 'text.changed' | 'text.reset'
      ];
      const language = isLocale(summary) ? LANGUAGES[summary].name : summary;
      return t(key ?? 'activity.textReviewed', { who, key: target, language });
    }
    default:
      return `${who}: ${event.action}`;
  }
}

type LinkedEvent = Pick<ActivityEvent, 'action' | 'target'>;

const CAMPAIGN_ACTIONS = new Set(['campaign.created', 'campaign.updated', 'campaign.adjusted']);
const SUBMISSION_ACTIONS = new Set(['submission.status', 'submission.noted']);
const PLEDGE_ACTIONS = new Set(['pledge.created', 'pledge.updated', 'pledge.paymentReview']);
const GIFT_ACTIONS = new Set(['gift.confirmed', 'gift.reversed', 'gift.refunded']);
const USER_ACTIONS = new Set(['user.created', 'user.updated', 'user.password.reset', 'admin.created']);

/** Where the Donations page shows one pledge (its Pledges tab, searched by reference). */
const pledgePath = (reference: string) => `/admin/donations?pledge=${encodeURIComponent(reference)}`;

/** The distinct targets of the events with one of these actions. */
const targetsOf = (events: readonly LinkedEvent[], actions: Set<string>) => [
  ...new Set(events.filter((e) => actions.has(e.action) && e.target).map((e) => e.target as string)),
];

/**
 * The entries a page of events changed, named as they are now, with the staff page of each: the
 * campaign's editor, the submission (its tab, searched by its email), the pledge in Donations, the
 * staff list. An entry since deleted (a campaign, an erased submission) gets no link: the event's
 * own words still say what it was. A handful of queries per page, whatever its length.
 */
async function linksOf(db: DB, events: readonly LinkedEvent[]): Promise<Map<string, ActivityLink>> {
  const links = new Map<string, ActivityLink>();
  const key = (action: string, target: string) => `${action.split('.')[0]} ${target}`;

  const campaignIds = targetsOf(events, CAMPAIGN_ACTIONS).filter(isId);
  if (campaignIds.length > 0)
    for (const c of await db.selectFrom('campaigns').select(['id', 'title']).where('id', 'in', campaignIds).execute())
      links.set(key('campaign', c.id), { label: c.title, path: `/admin/campaigns/${c.id}/edit` });

  const byKind = new Map<string, string[]>();
  for (const target of targetsOf(events, SUBMISSION_ACTIONS)) {
    const [kind = '', id = ''] = target.split('/');
    if (Object.hasOwn(KINDS, kind) && isId(id)) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
  }
  for (const [kind, ids] of byKind) {
    const rows = (await (db as unknown as Kysely<Record<string, SubmissionNames>>)
      .selectFrom(KINDS[kind as keyof typeof KINDS].table)
      .select(['id', 'email', ...NAME_COLUMNS[kind as keyof typeof KINDS]])
      .where('id', 'in', ids)
      .execute()) as SubmissionNames[];
    for (const row of rows)
      links.set(key('submission', `${kind}/${row.id}`), {
        label: submissionName(row),
        path: `/admin/submissions?type=${kind}&q=${encodeURIComponent(row.email)}`,
      });
  }

  const references = targetsOf(events, PLEDGE_ACTIONS);
  if (references.length > 0)
    for (const p of await db.selectFrom('pledges').select('reference').where('reference', 'in', references).execute())
      links.set(key('pledge', p.reference), { label: p.reference, path: pledgePath(p.reference) });

  const giftIds = targetsOf(events, GIFT_ACTIONS).filter(isId);
  if (giftIds.length > 0)
    for (const g of await db
      .selectFrom('gifts as g')
      .leftJoin('pledges as p', 'p.id', 'g.pledgeId')
      .select(['g.id', 'g.receiptNumber', 'p.reference'])
      .where('g.id', 'in', giftIds)
      .execute())
      links.set(key('gift', g.id), {
        label: g.receiptNumber,
        path: g.reference ? pledgePath(g.reference) : '/admin/donations',
      });

  const emails = targetsOf(events, USER_ACTIONS);
  if (emails.length > 0)
    for (const u of await db
      .selectFrom('admin_users')
      .select(['email', 'name'])
      .where('email', 'in', emails)
      .execute()) {
      links.set(key('user', u.email), { label: u.name || u.email, path: '/admin/users' });
      links.set(key('admin', u.email), { label: u.name || u.email, path: '/admin/users' });
    }

  return links;
}

/** The columns that name a submission, whichever its kind (absent ones are undefined). */
interface SubmissionNames {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  organizationName?: string;
  name?: string;
}

/** What names an entry of each kind: the heading the submissions list shows. */
const NAME_COLUMNS = {
  volunteer: ['firstName', 'lastName'],
  partner: ['organizationName'],
  advocate: ['firstName', 'lastName'],
  newsletter: [],
  contact: ['name'],
} as const satisfies Record<keyof typeof KINDS, readonly (keyof SubmissionNames)[]>;

const submissionName = (row: SubmissionNames) =>
  row.organizationName || row.name || `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.email;

/** The link of one event, from the page's lookups. */
function linkOf(links: Map<string, ActivityLink>, event: LinkedEvent): ActivityLink | null {
  if (event.action === 'settings.updated') return { label: t('admin.nav.settings'), path: '/admin/settings' };
  if (!event.target) return null;
  return links.get(`${event.action.split('.')[0]} ${event.target}`) ?? null;
}

/** A page of events, newest first. Unknown or malformed filters simply match nothing. */
export async function listActivity(
  deps: Pick<Deps, 'db'>,
  query: ActivityQuery = {},
): Promise<{ items: ActivityEvent[]; next: string | null }> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  let select = deps.db
    .selectFrom('audit_events as e')
    .leftJoin('admin_users as u', 'u.id', 'e.actorId')
    .select([
      'e.id',
      'e.at',
      'e.actorId',
      sql<string>`coalesce(nullif(u.name, ''), e.actor)`.as('actor'),
      'e.action',
      'e.target',
      'e.summary',
      'e.ip',
      'e.requestId',
      cursorOf('e.at', 'e.id'),
    ])
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit + 1);
  if (query.before) select = select.where(after('e.at', query.before, 'e.id'));
  if (query.actor !== undefined)
    select = isId(query.actor) ? select.where('e.actorId', '=', query.actor) : select.where(sql<boolean>`false`);
  if (query.kind) {
    // The first admin, made at start, is an account event too.
    const prefixes = query.kind === 'user' ? ['user.', 'admin.'] : [`${query.kind}.`];
    select = select.where((eb) => eb.or(prefixes.map((p) => eb('e.action', 'like', `${p}%`))));
  }
  if (query.from) select = select.where('e.at', '>=', lagosDayStart(query.from));
  if (query.to) select = select.where('e.at', '<', new Date(lagosDayStart(query.to).getTime() + DAY_MS));
  const { rows, nextCursor } = pageOf(await select.execute(), limit);
  const links = await linksOf(deps.db, rows);
  return {
    items: rows.map((row) => ({
      ...row,
      at: row.at.toISOString(),
      description: describeEvent(row),
      link: linkOf(links, row),
    })),
    next: nextCursor,
  };
}

/** The dashboard's Recent Activity: the last ten events, without addresses. */
export async function recentActivity(deps: Pick<Deps, 'db'>) {
  const { items } = await listActivity(deps, { limit: 10 });
  return items.map(({ id, at, actor, action, description }) => ({ id, at, actor, action, description }));
}

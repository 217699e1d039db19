/**
 * The audit trail read back for people: each event in plain words ("Amina Bello approved a
 * volunteer"), newest first, a page at a time, filtered by person, kind of action and day.
 */
import { sql } from 'kysely';
import { NEWSLETTER_STATUSES, type NewsletterStatus, REVIEW_STATUSES, type ReviewStatus } from '../../shared/constants';
import { lagosDayStart } from '../../shared/lagos-time';
import { type MessageKey, t } from '../../shared/messages';
import { ROLES, type Role } from '../../shared/roles';
import type { ActivityQuery } from '../../shared/schemas/staff';
import { ACCOUNT_LIMIT } from '../auth/throttle';
import { isId } from '../db/ids';
import { after, cursorOf, pageOf } from '../db/keyset';
import type { Deps } from '../deps';

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
  /** The event in plain words. */
  description: string;
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
    default:
      return `${who}: ${event.action}`;
  }
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
  return {
    items: rows.map((row) => ({ ...row, at: row.at.toISOString(), description: describeEvent(row) })),
    next: nextCursor,
  };
}

/** The dashboard's Recent Activity: the last ten events, without addresses. */
export async function recentActivity(deps: Pick<Deps, 'db'>) {
  const { items } = await listActivity(deps, { limit: 10 });
  return items.map(({ id, at, actor, action, description }) => ({ id, at, actor, action, description }));
}

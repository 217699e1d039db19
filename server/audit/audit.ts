/**
 * The audit trail (ASVS V16): who did what, when, from which address and in which request, with
 * a short summary and never a secret. Written in the same transaction as the change where there is one.
 */
import type { DB } from '../db/database';
import { newId } from '../db/ids';

/** Who acts: a signed-in admin, a visitor, or the server itself (start-up, retention). */
export interface Actor {
  id: string | null;
  /** The admin's email, 'visitor' or 'system'. */
  name: string;
  ip: string | null;
  /** The id of the request that acts (server/http/request-id.ts); none outside a request. */
  requestId?: string | null;
}

export const SYSTEM: Actor = { id: null, name: 'system', ip: null };

export const actorOf = (
  admin: { id: string; email: string } | null,
  ip: string | null,
  requestId: string | null = null,
): Actor => (admin ? { id: admin.id, name: admin.email, ip, requestId } : { id: null, name: 'visitor', ip, requestId });

export type AuditAction =
  | 'auth.login'
  | 'auth.login.failed'
  | 'auth.login.throttled'
  | 'auth.account.locked'
  | 'auth.logout'
  | 'auth.password.changed'
  | 'auth.alerts.changed'
  | 'auth.passwordReset.requested'
  | 'auth.passwordReset'
  | 'admin.created'
  | 'user.created'
  | 'user.updated'
  | 'user.password.reset'
  | 'settings.updated'
  | 'campaign.created'
  | 'campaign.updated'
  | 'campaign.deleted'
  | 'campaign.adjusted'
  | 'pledge.created'
  | 'pledge.updated'
  | 'gift.confirmed'
  | 'gift.reversed'
  | 'gift.refunded'
  | 'pledge.paymentReview'
  | 'gift.exported'
  | 'statement.imported'
  | 'statement.line'
  | 'backup.written'
  | 'backup.downloaded'
  | 'submission.status'
  | 'submission.deleted'
  | 'submission.noted'
  | 'submission.exported'
  | 'submission.purged'
  | 'upload.created'
  | 'outbox.retry'
  | 'edition.created'
  | 'edition.updated'
  | 'edition.deleted'
  | 'edition.tested'
  | 'edition.scheduled'
  | 'edition.sending'
  | 'edition.paused'
  | 'edition.resumed'
  | 'edition.sent'
  | 'text.changed'
  | 'text.reset'
  | 'text.reviewed';

const SUMMARY_LIMIT = 500;

export async function audit(
  db: DB,
  actor: Actor,
  action: AuditAction,
  target: string | null,
  summary = '',
): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: newId(),
      actorId: actor.id,
      actor: actor.name,
      action,
      target,
      ip: actor.ip,
      requestId: actor.requestId ?? null,
      summary: summary.slice(0, SUMMARY_LIMIT),
    })
    .execute();
}

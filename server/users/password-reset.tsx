/**
 * A forgotten password, and a new staff member's first one, set from a mailed link. The link is
 * single use, short-lived, and bound to the password it replaces (a fingerprint of its hash and
 * the account's token version), so any new password, a reset by an admin or a disabled account
 * kills it. Asking answers every address alike after the same statements: a job for the mail is
 * queued whatever the address, and the mail worker makes the mail only for an enabled account
 * (composeResetMail), so no request reads the accounts.
 */
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { z } from 'zod';
import { formatMinutes } from '../../shared/format';
import { type Locale, type MessageKey, t } from '../../shared/messages';
import type { passwordForgotInput, passwordResetInput } from '../../shared/schemas/password-reset';
import { type Actor, audit } from '../audit/audit';
import { spendLink } from '../auth/link-tokens';
import { hashPassword } from '../auth/password';
import { refuseCommonPassword } from '../auth/service';
import { endSessions } from '../auth/sessions';
import { clearAccountLock, reserveAttempt } from '../auth/throttle';
import type { LinkClaims, LinkPurpose } from '../auth/tokens';
import type { DB } from '../db/database';
import { isId } from '../db/ids';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { TooManyRequestsError, ValidationError } from '../errors';
import { addressKey } from '../http/client-address';
import { composedMail, type Made, made, queueMail, queueRenderedMail } from '../mail/compose';
import { type MailFrame, mailFrame } from '../mail/frame';
import { siteLink } from '../mail/links';
import { reserveMailbox } from '../mail/mailbox';
import type { OutboxRow } from '../mail/outbox';
import { InvitationMail, PasswordResetMail } from './password-reset-mails';

/** A reset link holds half an hour; an invitation a week. */
export const RESET_LINK_SECONDS = 30 * 60;
export const INVITATION_LINK_SECONDS = 7 * 24 * 60 * 60;

/** The page both links open. */
export const RESET_PAGE = '/reset-password';

/** Staff mails are in English: an account records no language. */
const MAIL_LANGUAGE: Locale = 'en';

export type MailDeps = Pick<Deps, 'db' | 'config' | 'now' | 'mailQueued' | 'tokens' | 'publicData'>;

interface Account {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  tokenVersion: number;
  disabledAt: Date | null;
}

const ACCOUNT_COLUMNS = ['id', 'email', 'name', 'passwordHash', 'tokenVersion', 'disabledAt'] as const;

/** A short fingerprint of the password a link replaces: it changes with the hash or the token version. */
export const passwordFingerprint = (account: { passwordHash: string; tokenVersion: number }) =>
  createHash('sha256').update(`${account.tokenVersion}:${account.passwordHash}`).digest('base64url').slice(0, 22);

const siteOf = (frame: MailFrame) => new URL(frame.siteUrl).host;

/**
 * Asks for a reset link for the address: within its mailbox's limits (three an hour, ten a day:
 * server/mail/mailbox.ts), a job for the mail and the request's audit event, whatever the address;
 * the worker mails only an enabled account (composeResetMail). Every request gets the same answer
 * after the same statements, and the limit, counted for any address, says nothing of accounts;
 * only a client over its own limit, whichever address it names, is refused with 429.
 */
export async function requestPasswordReset(
  deps: MailDeps,
  input: z.output<typeof passwordForgotInput>,
  actor: Actor,
): Promise<{ message: string }> {
  const now = deps.now();
  const client = await reserveAttempt(
    deps.db,
    `reset-client:${addressKey(actor.ip)}`,
    { max: deps.config.signInAttemptsPerMinute, windowMs: 60_000 },
    now,
  );
  if (!client.allowed)
    throw new TooManyRequestsError(
      t('passwordReset.tooMany', { wait: formatMinutes(client.retryAfter) }),
      client.retryAfter,
    );
  await deps.db.transaction().execute(async (trx) => {
    if (!(await reserveMailbox(trx, 'password.reset', input.email, now))) return;
    await queueRenderedMail(
      trx,
      deps,
      composedMail({ kind: 'password.reset', to: input.email, language: MAIL_LANGUAGE, composer: 'password-reset' }),
    );
    await audit(trx, actor, 'auth.passwordReset.requested', input.email);
  });
  return { message: t('passwordReset.requested') };
}

/**
 * The reset mail of a queued request (server/mail/composers.ts), made as it leaves: for an enabled
 * account with that address, a link signed now (its half hour starts as the mail goes), or nothing.
 */
export async function composeResetMail(deps: Deps, row: Pick<OutboxRow, 'toAddress'>): Promise<Made | null> {
  const account = await deps.db
    .selectFrom('admin_users')
    .select(ACCOUNT_COLUMNS)
    .where(sql`lower(email)`, '=', row.toAddress.toLowerCase())
    .executeTakeFirst();
  if (!account || account.disabledAt) return null;
  const token = await deps.tokens.signLink({
    purpose: 'password.reset',
    subject: account.id,
    lifetimeSeconds: RESET_LINK_SECONDS,
    bound: passwordFingerprint(account),
  });
  const link = siteLink(deps.config, RESET_PAGE, MAIL_LANGUAGE, { token });
  const frame = await mailFrame(deps, deps.db);
  return made(
    t('passwordReset.mail.subject', undefined, MAIL_LANGUAGE),
    <PasswordResetMail language={MAIL_LANGUAGE} frame={frame} name={account.name} email={account.email} link={link} />,
  );
}

/**
 * Prepares the invitation of accounts made in one transaction: what it reads (the settings for
 * the mail's frame) is read first, outside it. Answers whether invitations leave over SMTP: without
 * SMTP_URL they are only written to files, and the one-time password is all the person gets.
 */
export async function prepareInvitation(deps: MailDeps) {
  const frame = await mailFrame(deps, deps.db);
  const queue = async (trx: Transaction<Database>, account: Omit<Account, 'disabledAt'>) => {
    const token = await deps.tokens.signLink({
      purpose: 'staff.invite',
      subject: account.id,
      lifetimeSeconds: INVITATION_LINK_SECONDS,
      bound: passwordFingerprint(account),
    });
    const link = siteLink(deps.config, RESET_PAGE, MAIL_LANGUAGE, { token, invite: '1' });
    await queueMail(trx, deps, {
      kind: 'staff.invite',
      to: account.email,
      language: MAIL_LANGUAGE,
      subject: t('passwordReset.invite.subject', { site: siteOf(frame) }, MAIL_LANGUAGE),
      body: (
        <InvitationMail language={MAIL_LANGUAGE} frame={frame} name={account.name} email={account.email} link={link} />
      ),
    });
  };
  return { queue, mailed: deps.config.mail.smtpUrl !== undefined };
}

const LINK_PURPOSES: LinkPurpose[] = ['password.reset', 'staff.invite'];

/** The link's claims under whichever purpose it was made for, or why it is refused. */
async function checkLink(deps: MailDeps, token: string) {
  let reason: MessageKey = 'passwordReset.linkInvalid';
  for (const purpose of LINK_PURPOSES) {
    const check = await deps.tokens.verifyLink(token, purpose);
    if (check.ok) return { claims: check.claims, purpose };
    if (check.reason === 'expired') reason = 'passwordReset.linkExpired';
  }
  throw linkRefused(reason);
}

const linkRefused = (key: MessageKey) => new ValidationError(t(key), [{ path: 'token', message: t(key) }]);

const findAccount = (db: DB, id: string) =>
  isId(id) ? db.selectFrom('admin_users').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst() : undefined;

/** The account a link may still set the password of: enabled, and with the password the link replaces. */
const stillBound = (account: Account | undefined, claims: LinkClaims): account is Account =>
  account !== undefined && account.disabledAt === null && passwordFingerprint(account) === claims.bound;

const isSpent = async (db: DB, claims: LinkClaims) =>
  (await db.selectFrom('spent_link_tokens').select('id').where('id', '=', claims.id).executeTakeFirst()) !== undefined;

/**
 * Sets the password from a reset or invitation link, once: the link is spent, every session of
 * the account ends (and the token version moves on), its sign-in lock ends and the one-time
 * password's mark goes, all in one transaction with the audit event.
 */
export async function resetPasswordFromLink(
  deps: MailDeps,
  input: z.output<typeof passwordResetInput>,
  actor: Actor,
): Promise<{ message: string }> {
  const { claims, purpose } = await checkLink(deps, input.token);
  if (await isSpent(deps.db, claims)) throw linkRefused('passwordReset.linkUsed');
  const account = await findAccount(deps.db, claims.subject);
  if (!stillBound(account, claims)) throw linkRefused('passwordReset.linkInvalid');
  refuseCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    // Read again under lock: a password set while this one was hashed kills the link all the same.
    const current = await trx
      .selectFrom('admin_users')
      .select(ACCOUNT_COLUMNS)
      .where('id', '=', account.id)
      .forUpdate()
      .executeTakeFirst();
    if (!stillBound(current, claims)) throw linkRefused('passwordReset.linkInvalid');
    if (!(await spendLink(trx, claims))) throw linkRefused('passwordReset.linkUsed');
    await trx
      .updateTable('admin_users')
      .set({ passwordHash, mustChangePassword: false, updatedAt: now })
      .where('id', '=', account.id)
      .execute();
    await endSessions(trx, account.id, now);
    await clearAccountLock(trx, account.id);
    await audit(
      trx,
      { ...actor, id: account.id, name: account.email },
      'auth.passwordReset',
      account.email,
      `${purpose === 'staff.invite' ? 'from the invitation' : 'from a reset link'}; every session revoked`,
    );
  });
  return { message: t('passwordReset.done') };
}

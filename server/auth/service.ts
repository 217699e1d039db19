/**
 * Staff accounts' sign-in and sessions. Every token names a session row: signing out revokes it,
 * a password set by someone else bumps the account's token version (revoking every session),
 * disabling the account refuses its tokens at once, and a session left idle too long ends by
 * itself. Sign-in is throttled here, whichever face or URL it came through: per client address,
 * and per account for browsers the account does not know (device-cookie.ts).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { formatMinutes } from '../../shared/format';
import { t } from '../../shared/messages';
import type { Role } from '../../shared/roles';
import type { LoginResult } from '../../shared/schemas/auth';
import { type Actor, audit, SYSTEM } from '../audit/audit';
import type { DB } from '../db/database';
import { isId, newId } from '../db/ids';
import type { Deps } from '../deps';
import { TooManyRequestsError, UnauthorizedError, ValidationError } from '../errors';
import { addressKey } from '../http/client-address';
import { noteSignIn } from '../http/metrics';
import { isCommonPassword } from '../lib/password-policy';
import { type DeviceCookieJar, deviceOf, setDeviceCookie } from './device-cookie';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';
import { endSessions } from './sessions';
import {
  ACCOUNT_LIMIT,
  accountKey,
  clearAccountLock,
  clearAttempts,
  DEVICE_LIMIT,
  deviceKey,
  reserveAttempt,
} from './throttle';

/** A signed-in staff member, as every request sees them: read afresh from the database per token. */
export interface StaffUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Signed in with a one-time password: only changing it is allowed. */
  mustChangePassword: boolean;
  /** The session the request's token belongs to. */
  sessionId: string;
}

export type AuthDeps = Pick<Deps, 'db' | 'tokens' | 'now' | 'config'>;

export { ACCOUNT_LIMIT, clearAccountLock, DEVICE_LIMIT } from './throttle';

/** A session's last use is written at most this often. */
const SEEN_EVERY_MS = 60_000;

const findByEmail = (db: DB, email: string) =>
  db
    .selectFrom('admin_users')
    .select(['id', 'email', 'passwordHash', 'tokenVersion', 'disabledAt', 'mustChangePassword'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();

/** A sign-in refused before its password is checked (counted in the metrics). */
const tooMany = (retryAfter: number) => {
  noteSignIn('refused');
  return new TooManyRequestsError(t('auth.tooManyAttempts', { wait: formatMinutes(retryAfter) }), retryAfter);
};

/** Refuses the attempt when its client address is over the limit, whichever account it names. */
async function throttleAddress(deps: AuthDeps, actor: Actor, now: Date): Promise<void> {
  const address = await reserveAttempt(
    deps.db,
    addressKey(actor.ip),
    { max: deps.config.signInAttemptsPerMinute, windowMs: 60_000 },
    now,
  );
  if (!address.allowed) throw tooMany(address.retryAfter);
}

/**
 * Counts the attempt. A browser with a valid device cookie for the account, within that cookie's
 * own budget, is known: only the budget counts it, and the account's lock does not apply. Any
 * other attempt counts toward the account's lock and is refused while it holds. True when this
 * attempt is the one whose failure locks the account.
 */
async function countAttempt(
  deps: AuthDeps,
  email: string,
  account: { id: string } | undefined,
  jar: DeviceCookieJar | null,
  now: Date,
): Promise<boolean> {
  const device = account ? await deviceOf(deps.tokens, jar, account.id) : null;
  if (account && device) {
    const budget = await reserveAttempt(deps.db, deviceKey(account.id, device.nonce), DEVICE_LIMIT, now);
    // Over its budget the cookie is spent for the window: the attempt is an unknown browser's.
    if (budget.allowed) return false;
  }
  const reservation = await reserveAttempt(deps.db, accountKey(email), ACCOUNT_LIMIT, now);
  if (!reservation.allowed) throw tooMany(reservation.retryAfter);
  return reservation.count === ACCOUNT_LIMIT.max;
}

/**
 * Records a refused sign-in, and when it is the failure that locks the account, the lock: one
 * transaction, so the trail never shows one without the other.
 */
async function refuse(
  deps: AuthDeps,
  actor: Actor,
  target: string,
  summary: string,
  locked: { email: string } | null,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await audit(trx, actor, 'auth.login.failed', target, summary);
    if (locked)
      await audit(
        trx,
        actor,
        'auth.account.locked',
        locked.email,
        `${ACCOUNT_LIMIT.max} failed sign-ins from unknown browsers; locked for ${ACCOUNT_LIMIT.windowMs / 60_000} minutes`,
      );
  });
  noteSignIn('failed');
  if (locked) noteSignIn('locked');
}

/** Opens a session for the admin and signs a token that names it. */
export async function issueToken(deps: AuthDeps, admin: { id: string; email: string; tokenVersion: number }) {
  const now = deps.now();
  const session = { id: newId(), adminId: admin.id, createdAt: now, lastSeenAt: now };
  await deps.db.insertInto('admin_sessions').values(session).execute();
  return deps.tokens.sign(admin, { id: session.id, version: admin.tokenVersion });
}

/**
 * Same answer for an unknown email and a wrong password, after the same amount of work. The
 * password is used exactly as typed: never trimmed. `jar` is the HTTP exchange's cookies (null
 * outside HTTP): a known browser is let past the account's lock, and a success gives the browser
 * a fresh device cookie.
 */
export async function login(
  deps: AuthDeps,
  input: { email: string; password: string },
  actor: Actor,
  jar: DeviceCookieJar | null = null,
): Promise<LoginResult> {
  const now = deps.now();
  await throttleAddress(deps, actor, now);
  const admin = await findByEmail(deps.db, input.email);
  const locksIfRefused = await countAttempt(deps, input.email, admin, jar, now);
  const ok = await verifyPassword(input.password, admin?.passwordHash ?? (await decoyPasswordHash()));
  // Only an account that exists is locked in the trail; guesses at unknown emails lock nothing.
  const locks = locksIfRefused && admin ? admin : null;
  if (!admin || !ok) {
    await refuse(deps, actor, input.email.toLowerCase(), '', locks);
    throw new UnauthorizedError(t('auth.invalidCredentials'));
  }
  // Only someone who knows the password learns that the account is disabled.
  if (admin.disabledAt) {
    await refuse(deps, actor, admin.email, 'account disabled', locks);
    throw new UnauthorizedError(t('auth.accountDisabled'));
  }
  await clearAccountLock(deps.db, admin.id);
  // A hash made at a lower cost is replaced now that the password is known.
  if (needsRehash(admin.passwordHash)) {
    const passwordHash = await hashPassword(input.password);
    await deps.db.updateTable('admin_users').set({ passwordHash }).where('id', '=', admin.id).execute();
  }
  const token = await issueToken(deps, admin);
  await deps.db.updateTable('admin_users').set({ lastSignInAt: deps.now() }).where('id', '=', admin.id).execute();
  await audit(deps.db, { ...actor, id: admin.id, name: admin.email }, 'auth.login', admin.email);
  if (jar)
    await setDeviceCookie(deps.tokens, jar, admin.id, {
      secure: jar.https || deps.config.publicUrl?.startsWith('https:') === true,
    });
  return { token, message: t('auth.loginSuccess'), mustChangePassword: admin.mustChangePassword };
}

/**
 * The staff member a token belongs to, or null when the token, its session or its version is
 * refused, or the account is disabled.
 */
export async function userFromToken(deps: AuthDeps, token: string | null): Promise<StaffUser | null> {
  if (!token) return null;
  const claims = await deps.tokens.verify(token);
  if (!claims || !isId(claims.sessionId) || !isId(claims.adminId)) return null;
  const row = await deps.db
    .selectFrom('admin_sessions as s')
    .innerJoin('admin_users as a', 'a.id', 's.adminId')
    .select([
      'a.id',
      'a.email',
      'a.name',
      'a.role',
      'a.mustChangePassword',
      'a.disabledAt',
      'a.tokenVersion',
      's.lastSeenAt',
      's.revokedAt',
    ])
    .where('s.id', '=', claims.sessionId)
    .where('s.adminId', '=', claims.adminId)
    .executeTakeFirst();
  if (!row || row.revokedAt || row.disabledAt || row.tokenVersion !== claims.version) return null;
  const now = deps.now();
  const idle = now.getTime() - row.lastSeenAt.getTime();
  if (idle > deps.config.sessionIdleMinutes * 60_000) {
    await revokeSession(deps.db, claims.sessionId, now);
    return null;
  }
  if (idle > SEEN_EVERY_MS)
    await deps.db.updateTable('admin_sessions').set({ lastSeenAt: now }).where('id', '=', claims.sessionId).execute();
  const { id, email, name, role, mustChangePassword } = row;
  return { id, email, name, role, mustChangePassword, sessionId: claims.sessionId };
}

const revokeSession = (db: DB, id: string, now: Date) =>
  db
    .updateTable('admin_sessions')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .execute();

/** Ends the session of the token used: it is refused from now on, on every instance. */
export async function logout(deps: AuthDeps, admin: StaffUser, actor: Actor): Promise<{ message: string }> {
  await revokeSession(deps.db, admin.sessionId, deps.now());
  await audit(deps.db, actor, 'auth.logout', admin.email);
  return { message: t('auth.loggedOut') };
}

/**
 * Creates the admin, or sets a new password for the existing one with that email: a new password
 * revokes every session of that admin and ends its sign-in lock. The same password changes nothing (start-up passes
 * ADMIN_PASSWORD every time and must not sign everyone out).
 */
export async function upsertAdmin(
  deps: Pick<Deps, 'db' | 'now'>,
  email: string,
  password: string,
  actor: Actor = SYSTEM,
): Promise<'created' | 'updated' | 'unchanged'> {
  const { db } = deps;
  const existing = await findByEmail(db, email);
  if (existing && (await verifyPassword(password, existing.passwordHash))) {
    if (needsRehash(existing.passwordHash))
      await db
        .updateTable('admin_users')
        .set({ passwordHash: await hashPassword(password) })
        .where('id', '=', existing.id)
        .execute();
    return 'unchanged';
  }
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    if (existing) {
      const now = deps.now();
      await trx
        .updateTable('admin_users')
        .set({ passwordHash, updatedAt: now })
        .where('id', '=', existing.id)
        .execute();
      await endSessions(trx, existing.id, now);
      await clearAccountLock(trx, existing.id);
      await audit(trx, actor, 'auth.password.changed', existing.email, 'every session revoked');
      return 'updated';
    }
    await trx
      .insertInto('admin_users')
      .values({ id: newId(), email: email.toLowerCase(), passwordHash, role: 'admin' })
      .execute();
    await audit(trx, actor, 'admin.created', email.toLowerCase());
    return 'created';
  });
}

export const FIRST_ADMIN_EMAIL = 'admin@example.org';

/**
 * At start: ADMIN_EMAIL/ADMIN_PASSWORD make sure that admin exists with that password; with
 * neither and no admin at all, a first admin is created with a random password, which is
 * returned once so the caller can print it.
 */
export async function ensureAdmin(
  db: DB,
  configured: { email: string; password: string } | undefined,
  now: () => Date = () => new Date(),
): Promise<{ email: string; password: string } | null> {
  if (configured) {
    await upsertAdmin({ db, now }, configured.email, configured.password);
    return null;
  }
  const any = await db.selectFrom('admin_users').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const password = randomBytes(12).toString('base64url');
  await upsertAdmin({ db, now }, FIRST_ADMIN_EMAIL, password);
  return { email: FIRST_ADMIN_EMAIL, password };
}

/** A new password chosen by its user must not be a common one: refused as the field `path`. */
export function refuseCommonPassword(password: string, path: string): void {
  if (isCommonPassword(password))
    throw new ValidationError(t('account.passwordCommon'), [{ path, message: t('account.passwordCommon') }]);
}

/** Changes of one's own password: a quarter of an hour allows ten wrong current passwords. */
const PASSWORD_CHANGE_LIMIT = ACCOUNT_LIMIT;

/**
 * Changes the signed-in user's own password, given the current one. Every other session of theirs
 * ends; this one goes on; a sign-in lock of the account ends. Clears the must-change mark of a one-time password.
 */
export async function changeOwnPassword(
  deps: AuthDeps,
  user: StaffUser,
  input: { currentPassword: string; newPassword: string },
  actor: Actor,
): Promise<{ message: string }> {
  const attempt = await reserveAttempt(deps.db, `password:${user.id}`, PASSWORD_CHANGE_LIMIT, deps.now());
  if (!attempt.allowed) throw tooMany(attempt.retryAfter);
  const row = await deps.db
    .selectFrom('admin_users')
    .select('passwordHash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw new ValidationError(t('account.currentPasswordWrong'), [
      { path: 'currentPassword', message: t('account.currentPasswordWrong') },
    ]);
  }
  refuseCommonPassword(input.newPassword, 'newPassword');
  if (input.currentPassword === input.newPassword) {
    throw new ValidationError(t('account.passwordUnchanged'), [
      { path: 'newPassword', message: t('account.passwordUnchanged') },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admin_users')
      .set({ passwordHash, mustChangePassword: false, updatedAt: now })
      .where('id', '=', user.id)
      .execute();
    await endSessions(trx, user.id, now, { keep: user.sessionId });
    await clearAccountLock(trx, user.id);
    await audit(trx, actor, 'auth.password.changed', user.email, 'other sessions revoked');
  });
  await clearAttempts(deps.db, `password:${user.id}`);
  return { message: t('account.passwordChanged') };
}

/** The user's recent sign-ins and refused attempts on their account, newest first. */
export async function recentSignIns(deps: AuthDeps, user: StaffUser, limit = 10) {
  const rows = await deps.db
    .selectFrom('audit_events')
    .select(['at', 'action', 'ip', 'summary'])
    .where((eb) =>
      eb.or([
        eb.and([eb('actorId', '=', user.id), eb('action', '=', 'auth.login')]),
        eb.and([eb('target', '=', user.email), eb('action', '=', 'auth.login.failed')]),
      ]),
    )
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    at: row.at.toISOString(),
    succeeded: row.action === 'auth.login',
    ip: row.ip,
  }));
}

/** What GET /api/auth/verify answers: that the token is valid, and whose it is. */
export const verifyAnswerOf = (user: StaffUser) => ({
  message: t('auth.tokenValid'),
  email: user.email,
  id: user.id,
  name: user.name,
  role: user.role,
  mustChangePassword: user.mustChangePassword,
});

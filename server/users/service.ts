/**
 * Staff accounts, managed by admins: create with a one-time password, change role or name,
 * disable and re-enable, reset a password. The last active admin can be neither disabled nor
 * demoted, also when two admins try at once (the active admins' rows are locked first).
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import { t } from '../../shared/messages';
import type { Role } from '../../shared/roles';
import type { userCreateInput } from '../../shared/schemas/staff';
import { type Actor, audit } from '../audit/audit';
import { hashPassword } from '../auth/password';
import { endSessions } from '../auth/sessions';
import { clearAccountLock } from '../auth/throttle';
import type { DB } from '../db/database';
import { isId, newId } from '../db/ids';
import type { Row } from '../db/schema';
import type { Deps } from '../deps';
import { ConflictError, NotFoundError } from '../errors';
import { type MailDeps, prepareInvitation } from './password-reset';

export interface StaffAccount {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: 'active' | 'disabled';
  mustChangePassword: boolean;
  lastSignInAt: string | null;
  createdAt: string;
}

const COLUMNS = [
  'id',
  'email',
  'name',
  'role',
  'disabledAt',
  'mustChangePassword',
  'lastSignInAt',
  'createdAt',
] as const;

const toAccount = (row: Pick<Row<'admin_users'>, (typeof COLUMNS)[number]>): StaffAccount => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  status: row.disabledAt ? 'disabled' : 'active',
  mustChangePassword: row.mustChangePassword,
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The letters of a one-time password, which is read off a screen and typed by hand: no l, I, 1,
 * O, 0 or o, which look alike in many fonts, and no punctuation. 56 characters.
 */
export const ONE_TIME_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** 17 × log2(56) ≈ 98.7 bits: no weaker than the 96 random bits of the former 16 base64url characters. */
export const ONE_TIME_LENGTH = 17;

/** A password to hand over once, each character drawn uniformly (randomInt rejects biased draws). */
export const oneTimePassword = () =>
  Array.from({ length: ONE_TIME_LENGTH }, () => ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)]).join('');

/** Every account, admins first, then by name. */
export async function listUsers(deps: Pick<Deps, 'db'>): Promise<StaffAccount[]> {
  const rows = await deps.db
    .selectFrom('admin_users')
    .select(COLUMNS)
    .orderBy(sql`role = 'admin'`, 'desc')
    .orderBy(sql`lower(coalesce(nullif(name, ''), email))`)
    .execute();
  return rows.map(toAccount);
}

async function findUser(db: DB, id: string) {
  if (!isId(id)) return undefined;
  return db.selectFrom('admin_users').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Creates an account with a one-time password, answered this once and never stored in clear, and
 * mails the person an invitation to choose their own (password-reset.tsx). `invitationMailed`
 * says whether it leaves over SMTP; either way the one-time password works until they choose one.
 */
export async function createUser(
  deps: MailDeps,
  input: z.output<typeof userCreateInput>,
  actor: Actor,
): Promise<{ message: string; user: StaffAccount; password: string; invitationMailed: boolean }> {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const invitation = await prepareInvitation(deps);
  const row = await deps.db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('admin_users')
      .values({
        id: newId(),
        email: input.email,
        name: input.name,
        role: input.role,
        passwordHash,
        mustChangePassword: true,
      })
      // The unique index is on lower(email); the input is already lower-cased.
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returning([...COLUMNS, 'tokenVersion'])
      .executeTakeFirst();
    if (!created) return undefined;
    await audit(trx, actor, 'user.created', created.email, `as ${created.role}`);
    await invitation.queue(trx, { ...created, passwordHash });
    return created;
  });
  if (!row) throw new ConflictError(t('users.emailTaken'));
  return { message: t('users.created'), user: toAccount(row), password, invitationMailed: invitation.mailed };
}

/**
 * Changes role, name or disabled state. Disabling ends every session of the account at once;
 * re-enabling does not bring them back. The active admins are locked first, so two changes that
 * would each leave one admin cannot both pass.
 */
export async function updateUser(
  deps: Pick<Deps, 'db' | 'now'>,
  id: string,
  change: { role?: Role | undefined; disabled?: boolean | undefined; name?: string | undefined },
  actor: Actor,
): Promise<{ message: string; user: StaffAccount }> {
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const activeAdmins = await trx
      .selectFrom('admin_users')
      .select('id')
      .where('role', '=', 'admin')
      .where('disabledAt', 'is', null)
      .forUpdate()
      .execute();
    const user = await findUser(trx, id);
    if (!user) throw new NotFoundError(t('users.notFound'));
    const wasActiveAdmin = activeAdmins.some((a) => a.id === user.id);
    const staysActiveAdmin = (change.role ?? user.role) === 'admin' && !(change.disabled ?? user.disabledAt !== null);
    if (wasActiveAdmin && !staysActiveAdmin && activeAdmins.length === 1) throw new ConflictError(t('users.lastAdmin'));

    const disabling = change.disabled === true && user.disabledAt === null;
    const enabling = change.disabled === false && user.disabledAt !== null;
    const updated = await trx
      .updateTable('admin_users')
      .set({
        ...(change.role !== undefined ? { role: change.role } : {}),
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(disabling ? { disabledAt: now } : {}),
        ...(enabling ? { disabledAt: null } : {}),
        updatedAt: now,
      })
      .where('id', '=', user.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    if (disabling) await endSessions(trx, user.id, now);
    const what = [
      change.role !== undefined && change.role !== user.role ? `role ${user.role} → ${change.role}` : '',
      change.name !== undefined && change.name !== user.name ? 'name changed' : '',
      disabling ? 'disabled' : '',
      enabling ? 'enabled' : '',
    ].filter(Boolean);
    if (what.length > 0) await audit(trx, actor, 'user.updated', user.email, what.join(', '));
    return updated;
  });
  return { message: t('users.updated'), user: toAccount(row) };
}

/** A new one-time password for the account, answered once; every session of theirs ends. */
export async function resetPassword(
  deps: Pick<Deps, 'db' | 'now'>,
  id: string,
  actor: Actor,
): Promise<{ message: string; user: StaffAccount; password: string }> {
  if (!isId(id)) throw new NotFoundError(t('users.notFound'));
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('admin_users')
      .set({ passwordHash, mustChangePassword: true, updatedAt: now })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!updated) return undefined;
    await endSessions(trx, updated.id, now);
    // A new password ends a sign-in lock of the account (auth/throttle.ts).
    await clearAccountLock(trx, updated.id);
    await audit(trx, actor, 'user.password.reset', updated.email, 'every session revoked');
    return updated;
  });
  if (!row) throw new NotFoundError(t('users.notFound'));
  return { message: t('users.passwordReset'), user: toAccount(row), password };
}

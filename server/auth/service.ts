/** Admin accounts and sign-in. */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { t } from '../../shared/messages';
import type { LoginResult } from '../../shared/schemas/auth';
import type { DB } from '../db/database';
import { newId } from '../db/ids';
import { UnauthorizedError } from '../errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password';
import type { TokenSigner } from './tokens';

export interface Admin {
  id: string;
  email: string;
}

export interface AuthDeps {
  db: DB;
  tokens: TokenSigner;
}

const findByEmail = (db: DB, email: string) =>
  db
    .selectFrom('admin_users')
    .select(['id', 'email', 'passwordHash'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();

/** Same answer for an unknown email and a wrong password, after the same amount of work. */
export async function login(deps: AuthDeps, input: { email: string; password: string }): Promise<LoginResult> {
  const admin = await findByEmail(deps.db, input.email);
  const ok = await verifyPassword(input.password, admin?.passwordHash ?? (await decoyPasswordHash()));
  if (!admin || !ok) throw new UnauthorizedError(t('auth.invalidCredentials'));
  return { token: await deps.tokens.sign(admin), message: t('auth.loginSuccess') };
}

/** The admin a token belongs to, or null when the token is refused or the admin no longer exists. */
export async function adminFromToken(deps: AuthDeps, token: string | null): Promise<Admin | null> {
  if (!token) return null;
  const id = await deps.tokens.verify(token);
  if (!id) return null;
  const admin = await deps.db.selectFrom('admin_users').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
  return admin ?? null;
}

/** Creates the admin, or sets the password of the existing one with that email. */
export async function upsertAdmin(db: DB, email: string, password: string): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const existing = await findByEmail(db, email);
  if (existing) {
    await db
      .updateTable('admin_users')
      .set({ passwordHash, updatedAt: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return 'updated';
  }
  await db.insertInto('admin_users').values({ id: newId(), email: email.toLowerCase(), passwordHash }).execute();
  return 'created';
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
): Promise<{ email: string; password: string } | null> {
  if (configured) {
    await upsertAdmin(db, configured.email, configured.password);
    return null;
  }
  const any = await db.selectFrom('admin_users').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const password = randomBytes(12).toString('base64url');
  await upsertAdmin(db, FIRST_ADMIN_EMAIL, password);
  return { email: FIRST_ADMIN_EMAIL, password };
}

/**
 * Sessions can be revoked: logging out ends the token used, a new password ends every session of
 * that admin, and a session left idle ends by itself; all checked on every request, on both faces.
 * Passwords are hashed at OWASP's scrypt cost, older hashes upgraded at the next sign-in.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { hashAtMinimumCost, hashPassword, verifyPassword } from '../../server/auth/password';
import { upsertAdmin } from '../../server/auth/service';
import { ConfigError } from '../../server/config';
import { adminCredentials, isCommonPassword } from '../../server/lib/password-policy';
import { ADMIN, createTestApp, type TestApp, testConfig } from '../helpers/app';
import { testDatabases } from '../helpers/databases';

describe.each(testDatabases())('sessions on %s', (kind) => {
  let t: TestApp;
  let clock = new Date('2026-11-23T08:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());

  const signIn = async (password = ADMIN.password): Promise<string> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN.email, password },
    });
    expect(res.statusCode).toBe(200);
    return res.json().token;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const verify = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
  const adminRead = (token: string) => t.app.inject({ method: 'GET', url: '/api/submissions', headers: bearer(token) });
  const trpcVerify = (token: string) =>
    t.app.inject({ method: 'GET', url: '/trpc/auth.verify', headers: bearer(token) });

  it('POST /api/auth/logout revokes the token used, and only that one', async () => {
    const first = await signIn();
    const second = await signIn();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Signed out' });
    expect((await verify(first)).statusCode).toBe(401);
    expect((await adminRead(first)).statusCode).toBe(401);
    expect((await trpcVerify(first)).statusCode).toBe(401);
    // Logging out twice with the same token: it is no longer accepted at all.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) })).statusCode).toBe(
      401,
    );
    expect((await verify(second)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });

  it('auth.logout over tRPC does the same', async () => {
    const token = await signIn();
    const out = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    expect((await trpcVerify(token)).statusCode).toBe(401);
    expect((await adminRead(token)).statusCode).toBe(401);
  });

  it('a password change revokes every session of that admin; the same password at a restart revokes none', async () => {
    const before = [await signIn(), await signIn()];
    expect(await upsertAdmin(t.deps, ADMIN.email, ADMIN.password)).toBe('unchanged');
    for (const token of before) expect((await verify(token)).statusCode).toBe(200);

    const newPassword = 'a brand new passphrase for the admin';
    expect(await upsertAdmin(t.deps, ADMIN.email, newPassword)).toBe('updated');
    for (const token of before) {
      expect((await verify(token)).statusCode).toBe(401);
      expect((await trpcVerify(token)).statusCode).toBe(401);
    }
    const fresh = await signIn(newPassword);
    expect((await verify(fresh)).statusCode).toBe(200);
    const changes = await t.deps.db
      .selectFrom('audit_events')
      .select(['action', 'target', 'summary'])
      .where('action', '=', 'auth.password.changed')
      .execute();
    expect(changes).toEqual([
      { action: 'auth.password.changed', target: ADMIN.email, summary: 'every session revoked' },
    ]);
    await upsertAdmin(t.deps, ADMIN.email, ADMIN.password);
  });

  it('ends a session left idle longer than SESSION_IDLE_MINUTES (60), and keeps a used one alive', async () => {
    const used = await signIn();
    const idle = await signIn();
    for (let minutes = 0; minutes < 3; minutes++) {
      clock = new Date(clock.getTime() + 50 * 60_000);
      expect((await verify(used)).statusCode).toBe(200);
    }
    // 150 minutes without a request: over the idle limit, though the 12-hour lifetime is not up.
    expect((await verify(idle)).statusCode).toBe(401);
    expect((await verify(used)).statusCode).toBe(200);
    // And once over it the session stays ended.
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect((await verify(used)).statusCode).toBe(401);
    clock = new Date(clock.getTime() - 61 * 60_000);
    expect((await verify(used)).statusCode).toBe(401);
  });

  it('upgrades a hash of a lower cost at the next successful sign-in', async () => {
    atOwaspCost();
    const email = 'legacy@example.org';
    const password = 'an old but long password';
    // A hash made at the previous cost, N = 2^15.
    const legacy = await hashAt(password, 2 ** 15);
    await t.deps.db
      .insertInto('admin_users')
      .values({ id: '0190b000-0000-7000-8000-000000000001', email, passwordHash: legacy })
      .execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    const { passwordHash } = await t.deps.db
      .selectFrom('admin_users')
      .select('passwordHash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(passwordHash.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword(password, passwordHash)).toBe(true);
  });
});

/** This test hashes at production's cost (the suite hashes cheaply: tests/setup/password-cost.ts). */
function atOwaspCost() {
  hashAtMinimumCost(false);
  onTestFinished(() => hashAtMinimumCost(true));
}

/** A scrypt hash in the stored format at another cost, as an older version of the site made them. */
async function hashAt(password: string, n: number): Promise<string> {
  const { scrypt, randomBytes } = await import('node:crypto');
  const salt = randomBytes(16);
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, 64, { N: n, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }, (e, k) => (e ? reject(e) : resolve(k))),
  );
  return ['scrypt', n, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('admin passwords', () => {
  it('hashes new passwords at scrypt N = 2^17, r 8, p 1', async () => {
    atOwaspCost();
    const hash = await hashPassword('a perfectly fine passphrase');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('refuses short ones and ones on the common-password list, for admin:create and ADMIN_PASSWORD', () => {
    expect(isCommonPassword('password1234')).toBe(true);
    expect(isCommonPassword('PASSWORD1234')).toBe(true);
    expect(isCommonPassword('qwerty123456')).toBe(true);
    expect(isCommonPassword('Sunshine2024!!')).toBe(true);
    expect(isCommonPassword('2024!!sunshine')).toBe(true);
    expect(isCommonPassword('kano water for every village')).toBe(false);
    expect(adminCredentials.safeParse({ email: 'a@example.org', password: 'short pass' }).success).toBe(false);
    expect(adminCredentials.safeParse({ email: 'a@example.org', password: 'password1234' }).success).toBe(false);
    expect(
      adminCredentials.safeParse({ email: 'a@example.org', password: 'kano water for every village' }).success,
    ).toBe(true);
    const refused = (password: string) => () =>
      testConfig({ ADMIN_EMAIL: 'boss@example.org', ADMIN_PASSWORD: password });
    expect(refused('password1234')).toThrow(ConfigError);
    expect(refused('password1234')).toThrow(
      'Invalid configuration: ADMIN_PASSWORD is on a list of common passwords: choose another',
    );
    expect(refused('too short')).toThrow('Invalid configuration: ADMIN_PASSWORD must have at least 12 characters');
  });
});

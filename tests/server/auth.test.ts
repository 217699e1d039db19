import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { createTokenSigner } from '../../server/auth/tokens';
import { ConfigError } from '../../server/config';
import { newId } from '../../server/db/ids';
import { adminCredentials } from '../../server/lib/password-policy';
import { loginInput } from '../../shared/schemas/auth';
import { passwordChangeForm, passwordChangeInput } from '../../shared/schemas/staff';
import { ADMIN, createTestApp, insertAdmin, TEST_SECRET, type TestApp, testConfig } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { refusalOf } from '../helpers/fixtures';

const key = (secret: string) => new TextEncoder().encode(secret);

describe.each(testDatabases())('authentication on %s', (kind) => {
  let t: TestApp;
  let adminId: string;
  let sessionId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    adminId = (await t.deps.db.selectFrom('admin_users').select('id').executeTakeFirstOrThrow()).id;
    sessionId = (await t.deps.tokens.verify(t.token))!.sessionId;
  });
  afterAll(() => t.close());

  const login = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body as object });
  const verify = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('signs in with the right password and the token verifies', async () => {
    const res = await login({ email: ADMIN.email, password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ token: expect.any(String), message: 'Login successful', mustChangePassword: false });
    expect((await verify(body.token)).statusCode).toBe(200);
  });

  it('matches the email case-insensitively, with spaces trimmed', async () => {
    const res = await login({ email: `  ${ADMIN.email.toUpperCase()} `, password: ADMIN.password });
    expect(res.statusCode).toBe(200);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await login({ email: ADMIN.email, password: 'not the password' });
    const unknown = await login({ email: 'nobody@example.org', password: ADMIN.password });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(refusalOf(wrong)).toEqual({ message: 'Invalid email or password' });
    expect(refusalOf(unknown)).toEqual(refusalOf(wrong));
  });

  it('answers 400 for missing fields and malformed bodies', async () => {
    const missing = await login({ email: ADMIN.email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please fill in all required fields');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(refusalOf(malformed)).toEqual({ message: expect.any(String) });
  });

  it('has tRPC twins for login and verify', async () => {
    const result = await t.publicCaller.auth.login({ email: ADMIN.email, password: ADMIN.password });
    expect(result.message).toBe('Login successful');
    await expect(t.publicCaller.auth.login({ email: ADMIN.email, password: 'nope' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
    await expect(t.adminCaller.auth.verify()).resolves.toMatchObject({ email: ADMIN.email });
    await expect(t.publicCaller.auth.verify()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // Over HTTP, the request context reads the bearer token.
    const token = (await login({ email: ADMIN.email, password: ADMIN.password })).json().token;
    const ok = await t.app.inject({
      method: 'GET',
      url: '/trpc/auth.verify',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/trpc/auth.verify' });
    expect(refused.statusCode).toBe(401);
  });

  describe('passwords are used exactly as typed, spaces included', () => {
    const SPACES = ' '.repeat(12);
    const trpc = (procedure: string, input: object, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/trpc/${procedure}`,
        payload: JSON.stringify({ json: input }),
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    const changePassword = (token: string, body: object, language = 'en') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: body,
        headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      });
    /** An account whose stored hash is of exactly this password, as an older version could have stored. */
    const accountWith = async (password: string) => {
      const email = `spaces-${newId().slice(-8)}@example.org`;
      await t.deps.db
        .insertInto('admin_users')
        .values({ id: newId(), email, passwordHash: await hashPassword(password) })
        .execute();
      return email;
    };

    it('refuses a new password of only spaces with 400, in English and Hausa, on REST and tRPC', async () => {
      const email = `blank-${newId().slice(-8)}@example.org`;
      await insertAdmin(t.deps.db, { email, password: ADMIN.password });
      const token = (await login({ email, password: ADMIN.password })).json().token;
      for (const blank of [SPACES, '\t'.repeat(12), '\u00a0'.repeat(12), ` ${'\u200b'.repeat(12)} `]) {
        const res = await changePassword(token, { currentPassword: ADMIN.password, newPassword: blank });
        expect(res.statusCode, JSON.stringify(blank)).toBe(400);
        expect(refusalOf(res)).toEqual({
          message: 'A password cannot be only spaces',
          errors: [{ path: 'newPassword', message: 'A password cannot be only spaces' }],
        });
      }
      const hausa = await changePassword(token, { currentPassword: ADMIN.password, newPassword: SPACES }, 'ha');
      expect(hausa.statusCode).toBe(400);
      expect(hausa.json().message).toBe('Kalmar sirri ba za ta iya zama sarari kawai ba');
      const viaTrpc = await trpc(
        'auth.changePassword',
        { currentPassword: ADMIN.password, newPassword: SPACES },
        token,
      );
      expect(viaTrpc.statusCode).toBe(400);
      expect(viaTrpc.json().error.json.message).toBe('A password cannot be only spaces');
      // Nothing changed: the old password still signs in, the blank one does not.
      expect((await login({ email, password: ADMIN.password })).statusCode).toBe(200);
      expect((await login({ email, password: SPACES })).statusCode).toBe(401);
      // Spaces within a password that has something else are fine.
      const spaced = '   kano   water   ';
      expect((await changePassword(token, { currentPassword: ADMIN.password, newPassword: spaced })).statusCode).toBe(
        200,
      );
      expect((await login({ email, password: spaced })).statusCode).toBe(200);
    }, 60_000);

    it('lets an account that already holds a password of spaces sign in with exactly it, on REST and tRPC', async () => {
      const email = await accountWith(SPACES);
      const rest = await login({ email, password: SPACES });
      expect(rest.statusCode).toBe(200);
      expect((await verify(rest.json().token)).statusCode).toBe(200);
      const viaTrpc = await trpc('auth.login', { email, password: SPACES });
      expect(viaTrpc.statusCode).toBe(200);
      expect(viaTrpc.json().result.data.json.token).toEqual(expect.any(String));
      // Exactly it: one space fewer, or nothing, is not it.
      expect((await login({ email, password: ' '.repeat(11) })).statusCode).toBe(401);
      const empty = await login({ email, password: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Please fill in all required fields');
      // And it can leave it for a real one, giving the current one as it is.
      const token = rest.json().token;
      const changed = await changePassword(token, { currentPassword: SPACES, newPassword: 'a real passphrase now' });
      expect(changed.statusCode).toBe(200);
      expect((await login({ email, password: 'a real passphrase now' })).statusCode).toBe(200);
    }, 60_000);

    it('keeps spaces at either end of a password: signing in, and the current and new one of a change', async () => {
      const padded = '  padded kano passphrase  ';
      const email = await accountWith(padded);
      expect((await login({ email, password: padded.trim() })).statusCode).toBe(401);
      const signedIn = await login({ email, password: padded });
      expect(signedIn.statusCode).toBe(200);
      const token = signedIn.json().token;
      expect(
        (await changePassword(token, { currentPassword: padded.trim(), newPassword: 'whatever else here' })).statusCode,
      ).toBe(400);
      const next = ' another padded passphrase\t';
      expect((await changePassword(token, { currentPassword: padded, newPassword: next })).statusCode).toBe(200);
      expect((await login({ email, password: next.trim() })).statusCode).toBe(401);
      expect((await trpc('auth.login', { email, password: next })).statusCode).toBe(200);
    }, 60_000);
  });

  describe('refuses every bad token', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const valid = (claims: object = { sid: sessionId, ver: 0 }) =>
      new SignJWT({ email: ADMIN.email, ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(adminId)
        .setIssuer('foundation-site')
        .setAudience('foundation-admin')
        .setIssuedAt()
        .setExpirationTime(now() + 3600);

    const cases: [string, () => Promise<string | undefined>][] = [
      ['no token', async () => undefined],
      ['garbage', async () => 'not-a-jwt'],
      [
        'alg none',
        async () =>
          new UnsecuredJWT({ email: ADMIN.email })
            .setSubject(adminId)
            .setIssuer('foundation-site')
            .setAudience('foundation-admin')
            .setIssuedAt()
            .setExpirationTime('1h')
            .encode(),
      ],
      ['another secret', () => valid().sign(key('another-secret-that-is-also-long-enough-32'))],
      [
        'a past expiry',
        () =>
          valid()
            .setIssuedAt(now() - 7200)
            .setExpirationTime(now() - 60)
            .sign(key(TEST_SECRET)),
      ],
      ['another issuer', () => valid().setIssuer('someone-else').sign(key(TEST_SECRET))],
      ['another audience', () => valid().setAudience('someone-else').sign(key(TEST_SECRET))],
      [
        'a tampered payload',
        async () => {
          const [header, , signature] = (await valid().sign(key(TEST_SECRET))).split('.');
          const forged = Buffer.from(
            JSON.stringify({
              sub: adminId,
              email: 'x@example.org',
              iss: 'foundation-site',
              aud: 'foundation-admin',
              iat: now(),
              exp: now() + 99999,
            }),
          ).toString('base64url');
          return `${header}.${forged}.${signature}`;
        },
      ],
      [
        'an admin that no longer exists',
        () => valid().setSubject('0190a000-0000-7000-8000-000000000000').sign(key(TEST_SECRET)),
      ],
      ['no session claim', () => valid({ ver: 0 }).sign(key(TEST_SECRET))],
      [
        'an unknown session',
        () => valid({ sid: '0190a000-0000-7000-8000-000000000000', ver: 0 }).sign(key(TEST_SECRET)),
      ],
      ['a session id that is not one', () => valid({ sid: "x' or '1'='1", ver: 0 }).sign(key(TEST_SECRET))],
      ['an older token version', () => valid({ sid: sessionId, ver: -1 }).sign(key(TEST_SECRET))],
      ['a version that is not a number', () => valid({ sid: sessionId, ver: '0' }).sign(key(TEST_SECRET))],
    ];

    it('accepts the well-formed control token', async () => {
      expect((await verify(await valid().sign(key(TEST_SECRET)))).statusCode).toBe(200);
    });

    it.each(cases)('%s → 401', async (_name, make) => {
      const token = await make();
      const res = await verify(token);
      expect(res.statusCode).toBe(401);
      expect(refusalOf(res)).toEqual({ message: expect.any(String) });
      const trpc = await t.app.inject({
        method: 'GET',
        url: '/trpc/auth.verify',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(trpc.statusCode).toBe(401);
    });
  });

  it('signs tokens that expire after the configured hours', async () => {
    let clock = new Date('2026-01-01T00:00:00Z');
    const signer = createTokenSigner(TEST_SECRET, 12, () => clock);
    const token = await signer.sign({ id: adminId, email: ADMIN.email }, { id: adminId, version: 0 });
    expect((await signer.verify(token))?.adminId).toBe(adminId);
    clock = new Date('2026-01-01T11:59:00Z');
    expect((await signer.verify(token))?.adminId).toBe(adminId);
    clock = new Date('2026-01-01T12:00:01Z');
    expect(await signer.verify(token)).toBeNull();
  });
});

describe('password schemas never trim', () => {
  it('keep what was typed on sign-in, in a change and its confirmation, and refuse a blank new one', () => {
    expect(loginInput.parse({ email: ' A@Example.org ', password: '  x  ' })).toEqual({
      email: 'a@example.org',
      password: '  x  ',
    });
    expect(loginInput.safeParse({ email: 'a@example.org', password: '   ' }).success).toBe(true);
    expect(loginInput.safeParse({ email: 'a@example.org', password: '' }).success).toBe(false);
    const padded = ' twelve chars or more ';
    expect(passwordChangeInput.parse({ currentPassword: ' old ', newPassword: padded })).toEqual({
      currentPassword: ' old ',
      newPassword: padded,
    });
    // The dashboard's form compares the two new passwords as typed.
    expect(
      passwordChangeForm.safeParse({ currentPassword: 'old', newPassword: padded, confirmPassword: padded }).success,
    ).toBe(true);
    expect(
      passwordChangeForm.safeParse({ currentPassword: 'old', newPassword: padded, confirmPassword: padded.trim() })
        .success,
    ).toBe(false);
    const blank = passwordChangeInput.safeParse({ currentPassword: 'old', newPassword: ' '.repeat(14) });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues.map((i) => i.message)).toEqual(['A password cannot be only spaces']);
  });

  it('admin:create and ADMIN_PASSWORD take the password as given, and refuse one of only spaces', () => {
    const padded = '  kano water for every village  ';
    expect(adminCredentials.parse({ email: 'a@example.org', password: padded }).password).toBe(padded);
    expect(testConfig({ ADMIN_EMAIL: 'boss@example.org', ADMIN_PASSWORD: padded }).admin?.password).toBe(padded);
    const blank = adminCredentials.safeParse({ email: 'a@example.org', password: ' '.repeat(14) });
    expect(blank.error?.issues.map((i) => i.message)).toEqual(['must not be only spaces']);
    const refused = () => testConfig({ ADMIN_EMAIL: 'boss@example.org', ADMIN_PASSWORD: ' '.repeat(14) });
    expect(refused).toThrow(ConfigError);
    expect(refused).toThrow('Invalid configuration: ADMIN_PASSWORD must not be only spaces');
  });
});

import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../server/auth/tokens';
import { ADMIN, createTestApp, TEST_SECRET, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';

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
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
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
    expect(malformed.json()).toEqual({ message: expect.any(String) });
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
      expect(res.json()).toEqual({ message: expect.any(String) });
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

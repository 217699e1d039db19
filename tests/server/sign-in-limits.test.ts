/**
 * Sign-in cannot be brute-forced: limits per account and per client address live in the auth
 * service and PostgreSQL, so they hold for REST and tRPC alike, whatever the URL looks like, for
 * batches, parallel requests and forged X-Forwarded-For headers.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';

const WRONG = { email: ADMIN.email, password: 'not the right password' };
const RIGHT = { email: ADMIN.email, password: ADMIN.password };
const TOO_MANY = /^Too many sign-in attempts\. Please try again in (1 minute|\d+ minutes)\.$/;

/** A tRPC mutation body as the site's client sends it (superjson). */
const trpcBody = (input: object) => JSON.stringify({ json: input });

describe.each(testDatabases())('sign-in limits on %s', (kind) => {
  let t: TestApp;
  let clock = new Date('2026-11-23T10:00:00Z');
  beforeAll(async () => {
    // Five a minute per address here (20 by default: see the configuration test) keeps the test short.
    t = await createTestApp(kind, { now: () => clock, env: { SIGN_IN_ATTEMPTS_PER_MINUTE: '5' } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Each test starts with fresh counters and a new minute.
    await t.deps.db.deleteFrom('auth_throttle').execute();
    clock = new Date(clock.getTime() + 60 * 60_000);
  });

  // Unless a test is about one address, each attempt comes from another, so only the account counts.
  let next = 0;
  const anotherAddress = () => `192.0.2.${(next++ % 250) + 1}`;
  const restLogin = (body: object, extra: Partial<InjectOptions> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: anotherAddress(), ...extra });
  const trpcLogin = (body: object, url = '/trpc/auth.login') =>
    t.app.inject({
      method: 'POST',
      url,
      payload: trpcBody(body),
      headers: { 'content-type': 'application/json' },
      remoteAddress: anotherAddress(),
    });

  it('locks an account after 10 failed attempts in 15 minutes, on REST and tRPC together, even for the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await restLogin(WRONG)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await trpcLogin(WRONG)).statusCode).toBe(401);
    const locked = await restLogin(RIGHT);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(TOO_MANY);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    const viaTrpc = await trpcLogin(RIGHT);
    expect(viaTrpc.statusCode).toBe(429);
    expect(Number(viaTrpc.headers['retry-after'])).toBeGreaterThan(0);
    expect(viaTrpc.json().error.json.message).toMatch(TOO_MANY);
    // The email's case does not make another account.
    expect((await restLogin({ ...RIGHT, email: ADMIN.email.toUpperCase() })).statusCode).toBe(429);

    clock = new Date(clock.getTime() + 15 * 60_000 + 1000);
    expect((await restLogin(RIGHT)).statusCode).toBe(200);
  });

  it('clears the account count after a successful sign-in', async () => {
    for (let i = 0; i < 9; i++) expect((await restLogin(WRONG)).statusCode).toBe(401);
    expect((await restLogin(RIGHT)).statusCode).toBe(200);
    // Without the reset this would be the eleventh attempt in the window.
    expect((await restLogin(WRONG)).statusCode).toBe(401);
    expect((await restLogin(RIGHT)).statusCode).toBe(200);
  });

  it('limits one client address to SIGN_IN_ATTEMPTS_PER_MINUTE attempts a minute across accounts', async () => {
    const one = { remoteAddress: '198.51.100.9' };
    for (let i = 0; i < 5; i++) {
      const res = await restLogin({ email: `guess${i}@example.org`, password: 'a guessed password' }, one);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await restLogin(RIGHT, one);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await restLogin(RIGHT, { remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    const guess = (remoteAddress: string, i: number) =>
      restLogin({ email: `six${i}@example.org`, password: 'a guessed password' }, { remoteAddress });
    for (let i = 0; i < 5; i++) expect((await guess(`2001:db8:1:2::${i + 1}`, i)).statusCode).toBe(401);
    const refused = await guess('2001:db8:1:2:ffff:ffff:ffff:ffff', 5);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(TOO_MANY);
    expect((await guess('2001:db8:1:3::1', 6)).statusCode).toBe(401);

    for (let i = 0; i < 5; i++) expect((await guess('198.51.100.20', 10 + i)).statusCode).toBe(401);
    expect((await guess('::ffff:198.51.100.20', 20)).statusCode).toBe(429);
  });

  it('counts the same whatever the URL looks like: query strings, encoded dots', async () => {
    const variants = [
      () => restLogin(WRONG, { url: '/api/auth/login?x=1' }),
      () => restLogin(WRONG, { url: '/api/auth/login?email=other@example.org' }),
      () => trpcLogin(WRONG, '/trpc/auth%2Elogin'),
      () => trpcLogin(WRONG, '/trpc/auth%2elogin?x=1'),
      () => trpcLogin(WRONG, '/trpc/auth.login?batch=0'),
    ];
    for (let round = 0; round < 10; round++) {
      expect((await variants[round % variants.length]!()).statusCode, `round ${round}`).toBe(401);
    }
    expect((await restLogin(RIGHT)).statusCode).toBe(429);
    expect((await trpcLogin(RIGHT, '/trpc/auth%2Elogin')).statusCode).toBe(429);
  });

  it('refuses a tRPC batch holding mutations before any password is checked', async () => {
    const names = Array.from({ length: 186 }, () => 'auth.login').join(',');
    const guesses = Object.fromEntries(Array.from({ length: 186 }, (_, i) => [i, { json: WRONG }]));
    for (const url of [`/trpc/${names.split(',').slice(0, 5).join(',')}?batch=1`, `/trpc/auth.login?batch=1`]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: JSON.stringify(guesses),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/changes one at a time/);
    }
    // The long path is refused by the router before anything else.
    const long = await t.app.inject({ method: 'POST', url: `/trpc/${names}?batch=1`, payload: '{}' });
    expect(long.statusCode).toBe(414);
    // Comma-separated names without batch=1 are no single procedure either.
    const unbatched = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login,auth.login',
      payload: trpcBody(WRONG),
      headers: { 'content-type': 'application/json' },
    });
    expect(unbatched.statusCode).toBe(400);
    const counted = await t.deps.db.selectFrom('auth_throttle').selectAll().execute();
    expect(counted).toEqual([]);
  });

  it('allows the site its query batches of up to 10, and refuses longer ones', async () => {
    const queries = (n: number) => Array.from({ length: n }, () => 'settings.public').join(',');
    expect((await t.app.inject({ method: 'GET', url: `/trpc/${queries(10)}?batch=1&input={}` })).statusCode).toBe(200);
    const tooLong = await t.app.inject({ method: 'GET', url: `/trpc/${queries(11)}?batch=1&input={}` });
    expect(tooLong.statusCode).toBe(400);
  });

  it('lets at most 10 of 40 parallel guesses at one account reach the password check', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        restLogin(WRONG, { remoteAddress: `203.0.113.${i + 1}` }).then((r) => r.statusCode),
      ),
    );
    expect(answers.filter((s) => s === 401).length).toBe(10);
    expect(answers.filter((s) => s === 429).length).toBe(30);
  });
});

describe.each(testDatabases())('client addresses behind a proxy on %s', (kind) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy, so forging it passes no limit', async () => {
    t = await createTestApp(kind, { env: { SIGN_IN_ATTEMPTS_PER_MINUTE: '5' } });
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `x${i}@example.org`, password: 'a guessed password' },
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: RIGHT,
      headers: { 'x-forwarded-for': '192.0.2.250' },
    });
    expect(refused.statusCode).toBe(429);
  });

  it('with one trusted hop takes the address the proxy saw, not what the client wrote before it', async () => {
    await t.close();
    t = await createTestApp(kind, { env: { SIGN_IN_ATTEMPTS_PER_MINUTE: '5', TRUST_PROXY: '1' } });
    const guess = (forged: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `y${forged}@example.org`, password: 'a guessed password' },
        // The proxy appends the address it saw (203.0.113.50) to whatever the client sent.
        headers: { 'x-forwarded-for': `${forged}, 203.0.113.50` },
      });
    for (let i = 0; i < 5; i++) expect((await guess(`10.9.8.${i}`)).statusCode).toBe(401);
    expect((await guess('10.9.8.200')).statusCode).toBe(429);
    const ips = await t.deps.db.selectFrom('audit_events').select('ip').distinct().execute();
    expect(ips.map((r) => r.ip)).toEqual(['203.0.113.50']);
  });
});

/**
 * Sign-in cannot be brute-forced: limits per account and per client address live in the auth
 * service and PostgreSQL, so they hold for REST and tRPC alike, whatever the URL looks like, for
 * batches, parallel requests and forged X-Forwarded-For headers. And nobody can lock a staff
 * member out: a browser that signed in to the account before carries a device cookie that the
 * account's lock does not apply to (OWASP's device cookies).
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearAccountLock, upsertAdmin } from '../../server/auth/service';
import { createTokenSigner } from '../../server/auth/tokens';
import { ADMIN, createTestApp, insertStaff, TEST_SECRET, type TestApp } from '../helpers/app';
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

  /** The device cookie a successful sign-in answered with, as the browser sends it back. */
  const deviceCookie = (res: LightMyRequestResponse) => {
    const cookie = res.cookies.find((c) => c.name.startsWith('sign_in_device_'));
    if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
    return `${cookie.name}=${cookie.value}`;
  };
  const withCookie = (cookie: string): Partial<InjectOptions> => ({ headers: { cookie } });
  const trpcLoginWith = (body: object, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: trpcBody(body),
      headers: { 'content-type': 'application/json', cookie },
      remoteAddress: anotherAddress(),
    });
  /** Ten wrong guesses from ten addresses without a cookie: the account is locked for them. */
  /** The admin's own token: the one made at start has been idle for hours of the test clock. */
  const asAdmin = async (options: InjectOptions) => {
    const token = (await restLogin(RIGHT)).json().token;
    return t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  };
  const lockOut = async (email: string) => {
    for (let i = 0; i < 10; i++) expect((await restLogin({ email, password: 'a wrong guess' })).statusCode).toBe(401);
    expect((await restLogin({ email, password: ADMIN.password })).statusCode).toBe(429);
  };

  it('gives a browser that signs in a device cookie: HttpOnly, SameSite=Strict, a year, on the two sign-in paths only', async () => {
    const rest = await restLogin(RIGHT);
    expect(rest.statusCode).toBe(200);
    const set = rest.cookies.filter((c) => c.name.startsWith('sign_in_device_'));
    expect(set.map((c) => c.path).sort()).toEqual(['/api/auth/login', '/trpc/auth.login']);
    for (const cookie of set) {
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 365 * 24 * 60 * 60 });
      expect(cookie.value).toBe(set[0]!.value);
      // Not the admin's email or id in the name; plain http here, so not Secure.
      expect(cookie.name).not.toContain('admin');
      expect(cookie.secure).toBeFalsy();
    }
    // Over https (as a trusted proxy reports it, or PUBLIC_URL says) it is Secure too.
    const https = await createTestApp(kind, { database: t.database, env: { PUBLIC_URL: 'https://example.org' } });
    try {
      const secure = await https.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: RIGHT,
        headers: { host: 'example.org' },
      });
      expect(secure.statusCode, secure.body).toBe(200);
      expect(secure.cookies.find((c) => c.name.startsWith('sign_in_device_'))?.secure).toBe(true);
    } finally {
      await https.close();
    }
    // tRPC's sign-in sets the same cookie: the site's login page signs in there.
    const trpc = await trpcLogin(RIGHT);
    expect(trpc.statusCode).toBe(200);
    expect(trpc.cookies.filter((c) => c.name.startsWith('sign_in_device_')).map((c) => c.path)).toHaveLength(2);
    // A refused sign-in sets none.
    expect((await restLogin(WRONG)).cookies).toEqual([]);
  }, 60_000);

  it('lets a browser that signed in before sign in while strangers have the account locked, on REST and tRPC', async () => {
    const viaRest = deviceCookie(await restLogin(RIGHT));
    const viaTrpc = deviceCookie(await trpcLogin(RIGHT));
    await lockOut(ADMIN.email);
    // Without the cookie the right password is refused, as before, on both faces.
    expect((await restLogin(RIGHT)).statusCode).toBe(429);
    expect((await trpcLogin(RIGHT)).statusCode).toBe(429);
    // With it the lock does not apply, whichever face gave it and whichever face is used.
    const known = await restLogin(RIGHT, withCookie(viaRest));
    expect(known.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/verify',
          headers: { authorization: `Bearer ${known.json().token}` },
        })
      ).statusCode,
    ).toBe(200);
    expect((await trpcLoginWith(RIGHT, viaRest)).statusCode).toBe(200);
    expect((await restLogin(RIGHT, withCookie(viaTrpc))).statusCode).toBe(200);
    // A wrong password from a known browser is still a 401, not a 429.
    expect((await trpcLoginWith(WRONG, viaTrpc)).statusCode).toBe(401);
  }, 60_000);

  it("gives a known browser its own budget of 5 failures per 15 minutes, outside the account's count; then it counts as unknown", async () => {
    const cookie = deviceCookie(await restLogin(RIGHT));
    for (let i = 0; i < 5; i++)
      expect((await restLogin(WRONG, withCookie(cookie))).statusCode, `guess ${i + 1}`).toBe(401);
    // Its five failures did not count toward the account: strangers still have their ten.
    for (let i = 0; i < 10; i++) expect((await restLogin(WRONG)).statusCode, `stranger ${i + 1}`).toBe(401);
    expect((await restLogin(RIGHT)).statusCode).toBe(429);
    // Its budget spent, the cookie is ignored: the account's lock applies to it too.
    const spent = await restLogin(RIGHT, withCookie(cookie));
    expect(spent.statusCode).toBe(429);
    expect(spent.json().message).toMatch(TOO_MANY);
    expect((await trpcLoginWith(RIGHT, cookie)).statusCode).toBe(429);

    clock = new Date(clock.getTime() + 15 * 60_000 + 1000);
    expect((await restLogin(RIGHT, withCookie(cookie))).statusCode).toBe(200);
  }, 60_000);

  it("does not let another account's device cookie, a forged, an expired one or a token pass the lock", async () => {
    const other = await insertStaff(t.deps.db, 'editor');
    const othersCookie = deviceCookie(await restLogin({ email: other.email, password: ADMIN.password }));
    const [, othersValue] = othersCookie.split('=');
    const mine = deviceCookie(await restLogin(RIGHT));
    const [name, value] = mine.split('=') as [string, string];
    const admin = await t.deps.db
      .selectFrom('admin_users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const past = createTokenSigner(TEST_SECRET, 12, () => new Date(clock.getTime() - 2 * 365 * 24 * 3600_000));
    const [header, payload, signature] = value.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, jti: 'x'.repeat(24) })).toString('base64url');
    const refusedCookies: [string, string][] = [
      ["another account's cookie under this account's name", `${name}=${othersValue}`],
      ["another account's cookie as it was set", othersCookie],
      [
        'another secret',
        `${name}=${await createTokenSigner('another-secret-that-is-also-long-enough-32', 12, () => clock).signDevice({ accountId: admin.id, nonce: 'n'.repeat(24) }, 3600)}`,
      ],
      [
        'an expired cookie',
        `${name}=${await past.signDevice({ accountId: admin.id, nonce: 'e'.repeat(24) }, 365 * 24 * 3600)}`,
      ],
      ['a changed payload', `${name}=${header}.${forgedPayload}.${signature}`],
      ["the admin's bearer token", `${name}=${t.token}`],
      ['garbage', `${name}=not-a-cookie`],
    ];
    await lockOut(ADMIN.email);
    for (const [what, cookie] of refusedCookies) {
      expect((await restLogin(RIGHT, withCookie(cookie))).statusCode, what).toBe(429);
      expect((await trpcLoginWith(RIGHT, cookie)).statusCode, what).toBe(429);
    }
    // The real one, beside others, still passes.
    expect((await restLogin(RIGHT, withCookie(`lang=ha; ${othersCookie}; ${mine}`))).statusCode).toBe(200);
  }, 60_000);

  it('writes one audit row when an account becomes locked, described in English and Hausa', async () => {
    const staff = await insertStaff(t.deps.db, 'reviewer');
    const locks = () =>
      t.deps.db
        .selectFrom('audit_events')
        .select(['action', 'target', 'summary', 'actor'])
        .where('action', '=', 'auth.account.locked')
        .where('target', '=', staff.email)
        .execute();
    for (let i = 0; i < 9; i++) await restLogin({ email: staff.email, password: 'a wrong guess' });
    expect(await locks()).toEqual([]);
    // The tenth failure locks the account: that is when the row is written, once.
    await restLogin({ email: staff.email, password: 'a wrong guess' });
    expect(await locks()).toEqual([
      {
        action: 'auth.account.locked',
        target: staff.email,
        actor: 'visitor',
        summary: '10 failed sign-ins from unknown browsers; locked for 15 minutes',
      },
    ]);
    for (let i = 0; i < 5; i++)
      expect((await restLogin({ email: staff.email, password: ADMIN.password })).statusCode).toBe(429);
    expect(await locks()).toHaveLength(1);
    // Unknown emails lock nothing that exists: no row.
    for (let i = 0; i < 11; i++) await restLogin({ email: 'nobody-here@example.org', password: 'a wrong guess' });
    const phantom = await t.deps.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'auth.account.locked')
      .where('target', '=', 'nobody-here@example.org')
      .execute();
    expect(phantom).toEqual([]);

    const described = async (language: string) => {
      const res = await asAdmin({
        method: 'GET',
        url: '/api/audit?kind=auth&limit=200',
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .items.filter(
          (e: { action: string; target: string }) => e.action === 'auth.account.locked' && e.target === staff.email,
        )
        .map((e: { description: string }) => e.description);
    };
    expect(await described('en')).toEqual([
      `Sign-in as ${staff.email} was locked for 15 minutes after 10 failed attempts (browsers already used to sign in to it are not locked out)`,
    ]);
    expect(await described('ha')).toEqual([
      `An kulle shiga a matsayin ${staff.email} na mintoci 15 bayan ƙoƙari 10 da ba su yi nasara ba (na'urorin da aka riga aka shiga da su ba a kulle su ba)`,
    ]);
  }, 60_000);

  it("ends the lock when an admin resets the account's password, and the spent budgets of its known browsers", async () => {
    const staff = await insertStaff(t.deps.db, 'finance');
    const cookie = deviceCookie(await restLogin({ email: staff.email, password: ADMIN.password }));
    for (let i = 0; i < 5; i++) await restLogin({ email: staff.email, password: 'a wrong guess' }, withCookie(cookie));
    await lockOut(staff.email);
    expect((await restLogin({ email: staff.email, password: ADMIN.password }, withCookie(cookie))).statusCode).toBe(
      429,
    );
    const reset = await asAdmin({ method: 'POST', url: `/api/users/${staff.id}/reset-password` });
    expect(reset.statusCode).toBe(200);
    // The account's count and its known browser's spent budget are gone with it.
    const counters = await t.deps.db
      .selectFrom('auth_throttle')
      .select('key')
      .where((eb) => eb.or([eb('key', '=', `account:${staff.email}`), eb('key', 'like', `device:${staff.id}:%`)]))
      .execute();
    expect(counters).toEqual([]);
    // A stranger's browser with the one-time password: the lock has ended.
    const signedIn = await restLogin({ email: staff.email, password: reset.json().password });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().mustChangePassword).toBe(true);
  }, 60_000);

  it('ends the lock at admin:create or ADMIN_PASSWORD (a new password), and by clearAccountLock', async () => {
    const staff = await insertStaff(t.deps.db, 'finance');
    await lockOut(staff.email);
    const chosen = 'a passphrase set with admin:create';
    expect(await upsertAdmin(t.deps, staff.email, chosen)).toBe('updated');
    expect((await restLogin({ email: staff.email, password: chosen })).statusCode).toBe(200);

    await lockOut(staff.email);
    await clearAccountLock(t.deps.db, staff.id);
    expect((await restLogin({ email: staff.email, password: chosen })).statusCode).toBe(200);
  }, 60_000);

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

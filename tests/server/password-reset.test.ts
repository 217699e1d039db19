/**
 * A forgotten password and a new staff member's invitation, end to end: the REST paths and their
 * tRPC twins, mails delivered to a real SMTP server and their links followed, on a clock the test
 * moves. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';
import { ONE_TIME_PASSWORD, uniqueEmail } from '../helpers/fixtures';
import { deliverDue, linkTo, mailEnv, mailsTo } from '../helpers/mail';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

const ASKED =
  'If a staff account uses this address, a link to choose a new password is on its way. It works once, for 30 minutes.';
const NEW_PASSWORD = 'a brand new pass phrase of mine';
const STAFF_PASSWORD = 'correct horse battery staple';
const CLIENT_LIMIT = 8;

describe.each(testDatabases())('password reset and invitation on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let clock = new Date();
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, {
      // Requests come to localhost; links go to PUBLIC_URL.
      env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost', SIGN_IN_ATTEMPTS_PER_MINUTE: String(CLIENT_LIMIT) },
      now: () => clock,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  /** Each test asks from its own client address, so the per-client limit is the throttling test's alone. */
  let client = 0;
  const nextClient = () => `10.0.0.${++client}`;
  const forgot = (payload: unknown, remoteAddress = nextClient()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: payload as object, remoteAddress });
  const reset = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: payload as object });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: nextClient() });
  const staff = async () => insertStaff(t.deps.db, 'editor', uniqueEmail('staff'));
  const passwordHash = async (id: string) =>
    (await t.deps.db.selectFrom('admin_users').select('passwordHash').where('id', '=', id).executeTakeFirstOrThrow())
      .passwordHash;

  /** Asks for a reset of `email` and answers the token of the link mailed to it. */
  const resetToken = async (email: string) => {
    expect((await forgot({ email })).statusCode).toBe(202);
    await deliverDue(t.deps, smtp);
    const mail = mailsTo(smtp, email).at(-1)!;
    return linkTo(mail, '/reset-password').searchParams.get('token')!;
  };

  it('answers known, unknown and disabled addresses alike, and mails only the enabled account', async () => {
    const known = await staff();
    const disabled = await staff();
    await t.deps.db.updateTable('admin_users').set({ disabledAt: clock }).where('id', '=', disabled.id).execute();
    const unknown = uniqueEmail('nobody');

    const answers = await Promise.all([known.email, unknown, disabled.email].map((email) => forgot({ email })));
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: ASKED });
    }
    expect(await t.publicCaller.auth.forgotPassword({ email: unknown })).toEqual({ message: ASKED });

    const delivered = await deliverDue(t.deps, smtp);
    expect(delivered).toHaveLength(1);
    const [mail] = mailsTo(smtp, known.email);
    expect(mail!.subject).toBe('Choose a new password');
    const link = linkTo(mail!, '/reset-password');
    expect(link.origin).toBe('https://foundation.example.org');
    expect([...link.searchParams.keys()]).toEqual(['token']);
    expect(mail!.text).toContain(link.href);
    expect(mailsTo(smtp, disabled.email)).toEqual([]);
    expect(mailsTo(smtp, unknown)).toEqual([]);

    const outbox = await t.deps.db
      .selectFrom('mail_outbox')
      .select(['kind', 'language'])
      .where('toAddress', '=', known.email)
      .execute();
    expect(outbox).toEqual([{ kind: 'password.reset', language: 'en' }]);
  });

  it('sets the password once from the link, ends every session, lifts the lock, and is audited', async () => {
    const account = await staff();
    await t.deps.db.updateTable('admin_users').set({ mustChangePassword: true }).where('id', '=', account.id).execute();
    const signedIn = await login(account.email, STAFF_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const oldToken = signedIn.json().token as string;
    await t.deps.db
      .insertInto('auth_throttle')
      .values({ key: `account:${account.email}`, count: 10, windowStart: clock })
      .execute();

    const token = await resetToken(account.email);
    const done = await reset({ token, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your password is set. You can now sign in with it.' });

    const old = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(old.statusCode).toBe(401);
    expect((await login(account.email, STAFF_PASSWORD)).statusCode).toBe(401);
    const fresh = await login(account.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().mustChangePassword).toBe(false);

    const again = await reset({ token, password: 'yet another pass phrase here' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This link has already been used. Please ask for a new one.');

    const events = await t.deps.db
      .selectFrom('audit_events')
      .select(['action', 'actorId', 'summary'])
      .where('target', '=', account.email)
      .where('action', 'like', 'auth.passwordReset%')
      .orderBy('at')
      .execute();
    expect(events).toEqual([
      { action: 'auth.passwordReset.requested', actorId: null, summary: '' },
      { action: 'auth.passwordReset', actorId: account.id, summary: 'from a reset link; every session revoked' },
    ]);
  });

  it('refuses the link after 30 minutes', async () => {
    const account = await staff();
    const before = await passwordHash(account.id);
    const token = await resetToken(account.email);
    advance(30 * 60_000 + 1000);
    const res = await reset({ token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This link has expired. Please ask for a new one.');
    expect(await passwordHash(account.id)).toBe(before);
    expect((await login(account.email, STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a weak password and changes nothing: the link still works after', async () => {
    const account = await staff();
    const before = await passwordHash(account.id);
    const token = await resetToken(account.email);
    for (const password of ['short', '            ', 'Password1234!']) {
      const res = await reset({ token, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors[0].path).toBe('password');
    }
    await expect(t.publicCaller.auth.resetPassword({ token, password: 'sunshine2024!!' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await passwordHash(account.id)).toBe(before);
    expect((await t.publicCaller.auth.resetPassword({ token, password: NEW_PASSWORD })).message).toBe(
      'Your password is set. You can now sign in with it.',
    );
  });

  it('kills the link when the password changes in between', async () => {
    const account = await staff();
    const token = await resetToken(account.email);
    const signedIn = (await login(account.email, STAFF_PASSWORD)).json().token as string;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { authorization: `Bearer ${signedIn}` },
      payload: { currentPassword: STAFF_PASSWORD, newPassword: 'my own choice of pass phrase' },
    });
    expect(changed.statusCode).toBe(200);
    const res = await reset({ token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This link is not valid. Please ask for a new one.');

    // An admin's one-time password kills it too.
    const second = await resetToken(account.email);
    await t.adminCaller.users.resetPassword({ id: account.id });
    expect((await reset({ token: second, password: NEW_PASSWORD })).statusCode).toBe(400);
  });

  it('mails an address at most three times an hour, answering alike; a flooding client gets 429', async () => {
    const account = await staff();
    const before = mailsTo(smtp, account.email).length;
    for (let i = 0; i < 5; i++) {
      const res = await forgot({ email: account.email });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: ASKED });
    }
    await deliverDue(t.deps, smtp);
    expect(mailsTo(smtp, account.email).length - before).toBe(3);
    advance(60 * 60_000 + 1000);
    expect((await forgot({ email: account.email })).statusCode).toBe(202);
    await deliverDue(t.deps, smtp);
    expect(mailsTo(smtp, account.email).length - before).toBe(4);

    const flooder = nextClient();
    const answers = [];
    for (let i = 0; i <= CLIENT_LIMIT; i++) answers.push(await forgot({ email: uniqueEmail('x') }, flooder));
    expect(answers.slice(0, CLIENT_LIMIT).every((res) => res.statusCode === 202)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    advance(61_000);
    expect((await forgot({ email: uniqueEmail('x') }, flooder)).statusCode).toBe(202);
  });

  it('invites a new staff member by mail; the link sets their password and the one-time one stops', async () => {
    const email = uniqueEmail('invited');
    // The clock has moved past the test admin's idle limit: a fresh sign-in.
    const admin = (await login(ADMIN.email, ADMIN.password)).json().token as string;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: `Bearer ${admin}` },
      payload: { email, name: 'Zainab Umar', role: 'reviewer' },
    });
    expect(created.statusCode).toBe(201);
    const { user, password, invitationMailed } = created.json();
    expect(invitationMailed).toBe(true);
    expect(password).toMatch(ONE_TIME_PASSWORD);

    await deliverDue(t.deps, smtp);
    const [mail] = mailsTo(smtp, email);
    expect(mail!.subject).toBe('Your staff account on foundation.example.org');
    expect(mail!.text).toContain('Hello Zainab Umar,');
    const link = linkTo(mail!, '/reset-password');
    expect(link.searchParams.get('invite')).toBe('1');
    const outbox = await t.deps.db.selectFrom('mail_outbox').select('kind').where('toAddress', '=', email).execute();
    expect(outbox).toEqual([{ kind: 'staff.invite' }]);

    // Valid for a week: six days on, it still works.
    advance(6 * 24 * 60 * 60_000);
    const res = await reset({ token: link.searchParams.get('token'), password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await login(email, password)).statusCode).toBe(401);
    const signedIn = await login(email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().mustChangePassword).toBe(false);
    const event = await t.deps.db
      .selectFrom('audit_events')
      .select('summary')
      .where('action', '=', 'auth.passwordReset')
      .where('actorId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(event.summary).toBe('from the invitation; every session revoked');
    expect((await reset({ token: link.searchParams.get('token'), password: NEW_PASSWORD })).statusCode).toBe(400);
  });

  it('an invitation expires after seven days', async () => {
    const email = uniqueEmail('late');
    await t.adminCaller.users.create({ email, name: 'Late Comer', role: 'editor' });
    await deliverDue(t.deps, smtp);
    const token = linkTo(mailsTo(smtp, email)[0]!, '/reset-password').searchParams.get('token');
    advance(7 * 24 * 60 * 60_000 + 1000);
    const res = await reset({ token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This link has expired. Please ask for a new one.');
  });

  it('answers bad input with 400, never 500', async () => {
    const account = await staff();
    const token = await resetToken(account.email);
    const forgotBodies = [{}, { email: '' }, { email: 'not an email' }, { email: 12 }, { email: null }, []];
    for (const payload of forgotBodies) expect((await forgot(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    const resetBodies = [
      {},
      { token },
      { password: NEW_PASSWORD },
      { token: '', password: NEW_PASSWORD },
      { token: 'garbage', password: NEW_PASSWORD },
      { token: 'x'.repeat(5000), password: NEW_PASSWORD },
      { token: `${token}x`, password: NEW_PASSWORD },
      { token: 42, password: NEW_PASSWORD },
      { token, password: 'x'.repeat(500) },
      { token, password: null },
      [],
    ];
    for (const payload of resetBodies) {
      const res = await reset(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    // A token for another purpose is refused too.
    const otherPurpose = await t.deps.tokens.signLink({
      purpose: 'newsletter.confirm',
      subject: account.id,
      lifetimeSeconds: 600,
    });
    expect((await reset({ token: otherPurpose, password: NEW_PASSWORD })).json().message).toBe(
      'This link is not valid. Please ask for a new one.',
    );
    await expect(t.publicCaller.auth.resetPassword({ token: 'garbage', password: NEW_PASSWORD })).rejects.toMatchObject(
      { code: 'BAD_REQUEST' },
    );
    // The link was never spent by any of these.
    expect((await reset({ token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('says when the invitation could not go by mail (no SMTP_URL): the one-time password is the way in', async () => {
    const noMail = await createTestApp(kind);
    try {
      const created = await noMail.adminCaller.users.create({
        email: uniqueEmail('nomail'),
        name: 'No Mail',
        role: 'editor',
      });
      expect(created.invitationMailed).toBe(false);
      expect(created.password).toMatch(ONE_TIME_PASSWORD);
    } finally {
      await noMail.close();
    }
  });
});

describe('the password pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { staticDir: builtClient() });
  }, 60_000);
  afterAll(() => t?.close());

  it('are left to the browser, never indexed, and send no Referer, so the token stays on the page', async () => {
    for (const url of ['/forgot-password', '/reset-password?token=secret-token-value&invite=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(res.body, url).toContain('<meta name="referrer" content="no-referrer">');
      expect(res.body, url).not.toContain('secret-token-value');
    }
    const login = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(login.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

/**
 * Staff accounts end to end through the REST paths (and their tRPC twins where they differ):
 * one-time passwords, disabling, the last admin, one's own password, settings that take effect at
 * once, and the activity trail in plain words. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/service';
import { ONE_TIME_ALPHABET, ONE_TIME_LENGTH, oneTimePassword } from '../../server/users/service';
import { createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, ONE_TIME_PASSWORD, refusalOf, uniqueEmail, volunteerPayload } from '../helpers/fixtures';

describe('one-time passwords', () => {
  it('use no look-alike characters and are no weaker than 96 random bits', () => {
    for (const c of 'lI1O0o') expect(ONE_TIME_ALPHABET).not.toContain(c);
    expect(new Set(ONE_TIME_ALPHABET).size).toBe(ONE_TIME_ALPHABET.length);
    expect(ONE_TIME_LENGTH * Math.log2(ONE_TIME_ALPHABET.length)).toBeGreaterThanOrEqual(96);
    const drawn = Array.from({ length: 200 }, oneTimePassword);
    for (const password of drawn) expect(password).toMatch(ONE_TIME_PASSWORD);
    expect(new Set(drawn).size).toBe(drawn.length);
    // Every character of the alphabet turns up: the draw covers all of it.
    expect(new Set(drawn.join('')).size).toBe(ONE_TIME_ALPHABET.length);
  });
});

describe.each(testDatabases())('staff accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 60_000);
  afterAll(() => t.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const createUser = (payload: object) => t.asAdmin({ method: 'POST', url: '/api/users', payload });

  it('creates an account with a one-time password that must be changed before anything else', async () => {
    const email = uniqueEmail('amina');
    const created = await createUser({ email: email.toUpperCase(), name: 'Amina Bello', role: 'reviewer' });
    expect(created.statusCode).toBe(201);
    const { user, password } = created.json();
    expect(user).toMatchObject({
      email,
      name: 'Amina Bello',
      role: 'reviewer',
      status: 'active',
      mustChangePassword: true,
      lastSignInAt: null,
    });
    expect(password).toMatch(ONE_TIME_PASSWORD);
    // Stored only as a hash.
    const row = await t.deps.db
      .selectFrom('admin_users')
      .select('passwordHash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).not.toContain(password);

    const signedIn = await login(email, password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().mustChangePassword).toBe(true);
    const token = signedIn.json().token;
    const refused = await t.app.inject({ method: 'GET', url: '/api/submissions', headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
    expect(refusalOf(refused)).toEqual({ message: 'Please change your one-time password first' });

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(token),
      payload: { currentPassword: password, newPassword: 'amina reads every form twice' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/submissions', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    // The role holds: a reviewer may not touch campaigns.
    const campaign = await t.app.inject({
      method: 'POST',
      url: '/campaigns',
      headers: bearer(token),
      payload: campaignPayload(),
    });
    expect(campaign.statusCode).toBe(403);
    const verify = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    expect(verify.json()).toMatchObject({ email, name: 'Amina Bello', role: 'reviewer', mustChangePassword: false });
    const listed = (await t.asAdmin({ method: 'GET', url: '/api/users' }))
      .json()
      .users.find((u: { id: string }) => u.id === user.id);
    expect(listed.lastSignInAt).not.toBeNull();
  });

  it('refuses a second account with the same email, whatever its case, and bad input', async () => {
    const email = uniqueEmail('dup');
    expect((await createUser({ email, name: 'One', role: 'editor' })).statusCode).toBe(201);
    const again = await createUser({ email: email.toUpperCase(), name: 'Two', role: 'editor' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A staff member with this email already exists');
    for (const payload of [
      { email, name: 'X', role: 'owner' },
      { email: 'not-an-email', name: 'X', role: 'editor' },
      { email: uniqueEmail(), name: '', role: 'editor' },
      { email: uniqueEmail(), name: 'x'.repeat(101), role: 'editor' },
    ]) {
      const res = await createUser(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('disables an account: its open session ends at once and it cannot sign in; re-enabled, it can', async () => {
    const email = uniqueEmail('editor');
    const { user, password } = (await createUser({ email, name: 'Ede', role: 'editor' })).json();
    const token = (await login(email, password)).json().token;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode).toBe(
      200,
    );

    const disabled = await t.asAdmin({ method: 'PUT', url: `/api/users/${user.id}`, payload: { disabled: true } });
    expect(disabled.json().user.status).toBe('disabled');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode).toBe(
      401,
    );
    const refused = await login(email, password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('This account is disabled. Please ask an administrator.');
    // A wrong password on a disabled account says nothing about the account.
    expect((await login(email, 'wrong password entirely')).json().message).toBe('Invalid email or password');

    await t.asAdmin({ method: 'PUT', url: `/api/users/${user.id}`, payload: { disabled: false } });
    expect((await login(email, password)).statusCode).toBe(200);
    // The old session stays ended.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('never leaves the site without an active admin, also when two admins demote each other at once', async () => {
    const admins = await t.deps.db.selectFrom('admin_users').select('id').where('role', '=', 'admin').execute();
    // Only the test's own admin is an admin so far.
    expect(admins).toHaveLength(1);
    const me = admins[0]!.id;
    for (const payload of [{ disabled: true }, { role: 'editor' }]) {
      const res = await t.asAdmin({ method: 'PUT', url: `/api/users/${me}`, payload });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('The last active admin cannot be disabled or given another role');
    }

    const second = await insertStaff(t.deps.db, 'admin');
    const secondToken = await issueToken(t.deps, second);
    const [a, b] = await Promise.all([
      t.asAdmin({ method: 'PUT', url: `/api/users/${second.id}`, payload: { role: 'editor' } }),
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${me}`,
        headers: bearer(secondToken),
        payload: { role: 'editor' },
      }),
    ]);
    // One demotion lands. The other is refused: 409 when it reaches the last-admin rule, or 403
    // when its author has already lost the admin role by the time their request is checked.
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const active = await t.deps.db
      .selectFrom('admin_users')
      .select('id')
      .where('role', '=', 'admin')
      .where('disabledAt', 'is', null)
      .execute();
    expect(active).toHaveLength(1);
    // Put things back for the other tests: the test's admin is the admin.
    if (active[0]!.id !== me) {
      await t.deps.db.updateTable('admin_users').set({ role: 'admin' }).where('id', '=', me).execute();
      await t.deps.db.updateTable('admin_users').set({ role: 'editor' }).where('id', '=', second.id).execute();
    }
  });

  it('resets a password: every session ends and a new one-time password works once changed', async () => {
    const email = uniqueEmail('fin');
    const { user, password } = (await createUser({ email, name: 'Fatima', role: 'finance' })).json();
    const token = (await login(email, password)).json().token;
    const reset = await t.asAdmin({ method: 'POST', url: `/api/users/${user.id}/reset-password` });
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().password;
    expect(fresh).not.toBe(password);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode).toBe(
      401,
    );
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, fresh)).json().mustChangePassword).toBe(true);
    expect((await t.asAdmin({ method: 'POST', url: '/api/users/not-an-id/reset-password' })).statusCode).toBe(404);
  });

  it("changes one's own password: checks the current one, refuses weak ones, ends the other sessions", async () => {
    const email = uniqueEmail('own');
    const { password } = (await createUser({ email, name: 'Own', role: 'editor' })).json();
    const first = (await login(email, password)).json().token;
    const other = (await login(email, password)).json().token;
    const change = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password', headers: bearer(first), payload });

    const wrong = await change({ currentPassword: 'not it at all', newPassword: 'a brand new pass phrase' });
    expect(wrong.statusCode).toBe(400);
    expect(refusalOf(wrong)).toEqual({
      message: 'The current password is not correct',
      errors: [{ path: 'currentPassword', message: 'The current password is not correct' }],
    });
    expect((await change({ currentPassword: password, newPassword: 'short' })).statusCode).toBe(400);
    const common = await change({ currentPassword: password, newPassword: 'Password123456!' });
    expect(common.json().message).toBe('This password is on a list of common passwords: please choose another');
    expect((await change({ currentPassword: password, newPassword: password })).statusCode).toBe(400);

    expect((await change({ currentPassword: password, newPassword: 'my own phrase for this' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(first) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(other) })).statusCode).toBe(
      401,
    );

    const signIns = await t.app.inject({ method: 'GET', url: '/api/auth/sign-ins', headers: bearer(first) });
    expect(signIns.json().signIns.filter((s: { succeeded: boolean }) => s.succeeded)).toHaveLength(2);
  });

  it('keeps the settings in the database: validated, and in effect on /donate and campaigns at once', async () => {
    const reviewer = await issueToken(t.deps, await insertStaff(t.deps.db, 'reviewer'));
    const read = await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(reviewer) });
    expect(read.statusCode).toBe(200);
    // The first values come from the environment.
    expect(read.json()).toMatchObject({
      accountNumber: t.deps.config.bank.accountNumber,
      bankName: 'United Bank for Africa',
    });
    const settings = {
      ...read.json(),
      accountName: 'Gidauniyar Arewa',
      accountNumber: '0123456789',
      bankName: 'Jaiz Bank',
      contactPhone: '+234 809 111 2222',
    };
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(reviewer), payload: settings }))
        .statusCode,
    ).toBe(403);
    for (const bad of [
      { accountNumber: '12345' },
      { accountNumber: '01234567890' },
      { bankName: 'Bank of Nowhere' },
      { pledgeExpiryDays: 0 },
      { contactEmail: 'x' },
    ]) {
      const res = await t.asAdmin({ method: 'PUT', url: '/api/settings', payload: { ...settings, ...bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const number = await t.asAdmin({
      method: 'PUT',
      url: '/api/settings',
      payload: { ...settings, accountNumber: '12345' },
    });
    expect(number.json().message).toBe('An account number has exactly 10 digits');

    // A campaign without its own account, and the donate page, read before the change (cached).
    const campaign = (await t.asAdmin({ method: 'POST', url: '/campaigns', payload: campaignPayload() })).json()
      .campaign;
    expect((await t.publicCaller.settings.public()).bank.accountNumber).toBe(t.deps.config.bank.accountNumber);

    const saved = await t.asAdmin({ method: 'PUT', url: '/api/settings', payload: settings });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual(settings);
    expect((await t.publicCaller.settings.public()).bank).toEqual({
      accountName: 'Gidauniyar Arewa',
      accountNumber: '0123456789',
      bankName: 'Jaiz Bank',
    });
    const shown = (await t.app.inject({ method: 'GET', url: `/campaigns/${campaign._id}` })).json();
    expect(shown).toMatchObject({
      accountName: 'Gidauniyar Arewa',
      accountNumber: '0123456789',
      bankName: 'Jaiz Bank',
    });
  });

  it('tells the activity in plain words, filtered by person, kind and day, a page at a time', async () => {
    const email = uniqueEmail('aisha');
    const { user } = (await createUser({ email, name: 'Aisha Sani', role: 'reviewer' })).json();
    await t.deps.db.updateTable('admin_users').set({ mustChangePassword: false }).where('id', '=', user.id).execute();
    const token = await issueToken(t.deps, { ...user, tokenVersion: 0 });
    const volunteer = (
      await t.app.inject({ method: 'POST', url: '/api/submissions/volunteer/register', payload: volunteerPayload() })
    ).json().data;
    await t.app.inject({
      method: 'PUT',
      url: `/api/submissions/volunteer/${volunteer._id}/status`,
      headers: bearer(token),
      payload: { status: 'approved' },
    });

    const recent = await t.adminCaller.dashboard.recentActivity();
    expect(recent.length).toBeLessThanOrEqual(10);
    expect(recent[0]).toMatchObject({ actor: 'Aisha Sani', description: 'Aisha Sani approved a volunteer' });

    const mine = await t.asAdmin({ method: 'GET', url: `/api/audit?actor=${user.id}` });
    expect(mine.json().items.map((e: { description: string }) => e.description)).toEqual([
      'Aisha Sani approved a volunteer',
    ]);
    // The line names the entry it changed, with the staff page that shows it.
    expect(mine.json().items[0].link).toEqual({
      label: 'Amina Bello',
      path: `/admin/submissions?type=volunteer&q=${encodeURIComponent(volunteer.email)}`,
    });
    const campaign = await t.adminCaller.campaign.create(campaignPayload({ title: 'Wells for Dutse' }));
    const ofCampaign = async () =>
      (await t.adminCaller.activity.page({ limit: 200, kind: 'campaign' })).items.filter(
        (e) => e.target === campaign._id,
      );
    expect((await ofCampaign()).find((e) => e.action === 'campaign.created')?.link).toEqual({
      label: 'Wells for Dutse',
      path: `/admin/campaigns/${campaign._id}/edit`,
    });
    // A deleted campaign has no page left: its events keep their words, without a link.
    await t.adminCaller.campaign.remove({ id: campaign._id });
    expect((await ofCampaign()).map((e) => e.link)).toEqual((await ofCampaign()).map(() => null));
    const accounts = (await t.asAdmin({ method: 'GET', url: '/api/audit?kind=user&limit=200' })).json().items;
    expect(accounts.every((e: { action: string }) => /^(user|admin)\./.test(e.action))).toBe(true);
    expect(accounts.some((e: { description: string }) => e.description.endsWith(`added ${email} as reviewer`))).toBe(
      true,
    );
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await t.asAdmin({ method: 'GET', url: `/api/audit?from=${tomorrow}` })).json().items).toEqual([]);

    // Pages follow on without repeats or gaps.
    const all = (await t.asAdmin({ method: 'GET', url: '/api/audit?limit=200' }))
      .json()
      .items.map((e: { id: string }) => e.id);
    const paged: string[] = [];
    let before: string | null = null;
    do {
      const page: { items: { id: string }[]; next: string | null } = (
        await t.asAdmin({ method: 'GET', url: `/api/audit?limit=3${before ? `&before=${before}` : ''}` })
      ).json();
      paged.push(...page.items.map((e: { id: string }) => e.id));
      before = page.next;
    } while (before);
    expect(paged).toEqual(all);

    for (const query of [
      'limit=0',
      'limit=201',
      'before=nope',
      'kind=everything',
      'from=2026-13-45',
      'from=yesterday',
    ]) {
      expect((await t.asAdmin({ method: 'GET', url: `/api/audit?${query}` })).statusCode, query).toBe(400);
    }
    expect((await t.asAdmin({ method: 'GET', url: '/api/audit?actor=not-an-id' })).json().items).toEqual([]);
  });
});

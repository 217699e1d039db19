/**
 * The role matrix: every staff tRPC procedure and REST route, called by each role, a visitor and
 * nobody else. A role without the permission gets 403 `{message}`; one with it is let through
 * (whatever its dummy input then earns: 200, 400 or 404); a visitor gets 401. The tables below
 * must name every procedure and route there is, so a new one cannot go unchecked.
 */
import type { RouteOptions } from 'fastify';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/service';
import { appRouter } from '../../server/trpc/root';
import { can, type Permission, ROLES, type Role } from '../../shared/roles';
import { createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { refusalOf } from '../helpers/fixtures';

/** Any signed-in staff member, even one still on a one-time password. */
const SIGNED_IN = 'signed-in';
type Rule = Permission | typeof SIGNED_IN | 'public';

const PROCEDURES: Record<string, Rule> = {
  'auth.login': 'public',
  'auth.verify': SIGNED_IN,
  'auth.logout': SIGNED_IN,
  'auth.changePassword': SIGNED_IN,
  'auth.signIns': SIGNED_IN,
  'auth.forgotPassword': 'public',
  'auth.resetPassword': 'public',
  'alerts.get': 'dashboard.read',
  'alerts.update': 'dashboard.read',
  'campaign.list': 'public',
  'campaign.cards': 'public',
  'campaign.byId': 'public',
  'campaign.countByLocation': 'public',
  'campaign.adminPage': 'campaigns.read',
  'campaign.stored': 'campaigns.read',
  'campaign.create': 'campaigns.write',
  'campaign.update': 'campaigns.write',
  'campaign.remove': 'campaigns.write',
  'submission.volunteer.create': 'public',
  'submission.partner.create': 'public',
  'submission.advocate.create': 'public',
  'submission.contact.create': 'public',
  'submission.newsletter.create': 'public',
  'newsletter.confirm': 'public',
  'newsletter.unsubscribe': 'public',
  'newsletter.archive': 'public',
  'newsletter.edition': 'public',
  'newsletters.list': 'newsletter.send',
  'newsletters.get': 'newsletter.send',
  'newsletters.create': 'newsletter.send',
  'newsletters.update': 'newsletter.send',
  'newsletters.remove': 'newsletter.send',
  'newsletters.test': 'newsletter.send',
  'newsletters.send': 'newsletter.send',
  'newsletters.pause': 'newsletter.send',
  'newsletters.resume': 'newsletter.send',
  'newsletters.preview': 'newsletter.send',
  'submission.list': 'submissions.review',
  'submission.page': 'submissions.review',
  'submission.counts': 'submissions.review',
  'submission.updateStatus': 'submissions.review',
  'submission.notes': 'submissions.review',
  'submission.addNote': 'submissions.review',
  'submission.exportCsv': 'submissions.review',
  'submission.remove': 'submissions.delete',
  'dashboard.stats': 'dashboard.read',
  'dashboard.recentActivity': 'dashboard.read',
  'dashboard.analytics': 'dashboard.read',
  'dashboard.mail': 'outbox.manage',
  'outbox.list': 'outbox.manage',
  'outbox.get': 'outbox.manage',
  'outbox.retry': 'outbox.manage',
  'texts.list': 'texts.edit',
  'texts.set': 'texts.edit',
  'texts.reset': 'texts.edit',
  'texts.review': 'texts.edit',
  'texts.corrections': 'public',
  'users.list': 'users.manage',
  'users.create': 'users.manage',
  'users.update': 'users.manage',
  'users.resetPassword': 'users.manage',
  'settings.public': 'public',
  'settings.get': 'dashboard.read',
  'settings.update': 'settings.write',
  'settings.backups': 'backups.read',
  'activity.page': 'activity.read',
  'pledge.create': 'public',
  'pledge.byReference': 'public',
  'pledge.page': 'public',
  'pledge.receiptPdf': 'public',
  'pledge.pay': 'public',
  'pledge.lookup': 'public',
  'pledge.supporters': 'public',
  'pledge.list': 'donations.manage',
  'pledge.update': 'donations.manage',
  'statement.import': 'donations.manage',
  'statement.list': 'donations.manage',
  'statement.lines': 'donations.manage',
  'statement.openLines': 'donations.manage',
  'statement.confirm': 'donations.manage',
  'statement.decide': 'donations.manage',
  'gifts.exportCsv': 'donations.manage',
  'gifts.summary': 'donations.manage',
};

const REST: Record<string, Rule> = {
  'GET /api/auth/verify': SIGNED_IN,
  'POST /api/auth/logout': SIGNED_IN,
  'POST /api/auth/password': SIGNED_IN,
  'GET /api/auth/sign-ins': SIGNED_IN,
  'GET /api/auth/notifications': 'dashboard.read',
  'PUT /api/auth/notifications': 'dashboard.read',
  'POST /campaigns': 'campaigns.write',
  'PUT /campaigns/:id': 'campaigns.write',
  'DELETE /campaigns/:id': 'campaigns.write',
  'POST /upload/single': 'campaigns.write',
  'POST /upload/multiple': 'campaigns.write',
  'GET /api/submissions': 'submissions.review',
  'PUT /api/submissions/:type/:id/status': 'submissions.review',
  'GET /api/submissions/:type.csv': 'submissions.review',
  'GET /api/submissions/:type/:id/notes': 'submissions.review',
  'POST /api/submissions/:type/:id/notes': 'submissions.review',
  'DELETE /api/submissions/:type/:id': 'submissions.delete',
  'GET /api/dashboard/stats': 'dashboard.read',
  'GET /api/outbox': 'outbox.manage',
  'GET /api/outbox/:id': 'outbox.manage',
  'POST /api/outbox/:id/retry': 'outbox.manage',
  'GET /api/texts': 'texts.edit',
  'PUT /api/texts/:key': 'texts.edit',
  'DELETE /api/texts/:key': 'texts.edit',
  'POST /api/texts/:key/review': 'texts.edit',
  'GET /api/newsletters': 'newsletter.send',
  'POST /api/newsletters': 'newsletter.send',
  'GET /api/newsletters/:id': 'newsletter.send',
  'PUT /api/newsletters/:id': 'newsletter.send',
  'DELETE /api/newsletters/:id': 'newsletter.send',
  'POST /api/newsletters/:id/test': 'newsletter.send',
  'POST /api/newsletters/:id/send': 'newsletter.send',
  'POST /api/newsletters/:id/pause': 'newsletter.send',
  'POST /api/newsletters/:id/resume': 'newsletter.send',
  'GET /api/users': 'users.manage',
  'POST /api/users': 'users.manage',
  'PUT /api/users/:id': 'users.manage',
  'POST /api/users/:id/reset-password': 'users.manage',
  'GET /api/settings': 'dashboard.read',
  'PUT /api/settings': 'settings.write',
  'GET /api/audit': 'activity.read',
  'GET /api/pledges': 'donations.manage',
  'PUT /api/pledges/:reference': 'donations.manage',
  'GET /api/gifts.csv': 'donations.manage',
  'POST /api/statements': 'donations.manage',
  'GET /api/statements/:id/lines': 'donations.manage',
  'POST /api/statements/:id/confirm': 'donations.manage',
  'PUT /api/statement-lines/:id': 'donations.manage',
  'GET /api/backup': 'backups.read',
  'GET /api/backup/latest': 'backups.read',
};

const allowed = (role: Role, rule: Rule) => rule === SIGNED_IN || (rule !== 'public' && can(role, rule));
const SOME_ID = '0192d4e8-7a51-7c3e-9b1f-3c2a5d6e7f80';
const concrete = (path: string) => path.replace(':type', 'volunteer').replace(/:\w+/g, SOME_ID);

describe('the tables name every procedure and staff route', () => {
  it('names every tRPC procedure', () => {
    expect(Object.keys(appRouter._def.procedures).sort()).toEqual(Object.keys(PROCEDURES).sort());
  });
});

describe.each(testDatabases())('the role matrix on %s', (kind) => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  const staff = {} as Record<Role, { id: string; email: string; tokenVersion: number }>;

  beforeAll(async () => {
    t = await createTestApp(kind, { onRoute: (route) => routes.push(route) });
    for (const role of ROLES) staff[role] = await insertStaff(t.deps.db, role);
  }, 60_000);
  afterAll(() => t.close());

  /** A fresh session for each call, so that signing out or changing a password affects only it. */
  const tokenOf = async (role: Role | null) => (role ? await issueToken(t.deps, staff[role]) : null);

  async function callProcedure(path: string, role: Role | null) {
    const token = await tokenOf(role);
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const type = (appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)[path]!._def.type;
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({})));
    const res =
      type === 'query'
        ? await t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${input}`, headers })
        : await t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: superjson.serialize({}) });
    return { status: res.statusCode, message: res.json().error?.json?.message as string | undefined };
  }

  it('lets each role call exactly the procedures its permissions allow', async () => {
    const refusals: string[] = [];
    for (const [path, rule] of Object.entries(PROCEDURES)) {
      if (rule === 'public') continue;
      for (const role of ROLES) {
        const { status, message } = await callProcedure(path, role);
        const outcome = allowed(role, rule)
          ? ![401, 403].includes(status) && status < 500
          : status === 403 && message === 'Your role does not allow this';
        if (!outcome) refusals.push(`${role} ${path}: ${status} ${message}`);
      }
      const anonymous = await callProcedure(path, null);
      if (anonymous.status !== 401) refusals.push(`visitor ${path}: ${anonymous.status}`);
    }
    expect(refusals).toEqual([]);
  }, 120_000);

  it('names every staff REST route', () => {
    // Staff routes are the ones documented with the bearer scheme (the OpenAPI test checks that
    // every route that is not public has it).
    const served = routes
      .filter((route) => (route.schema as { security?: unknown[] } | undefined)?.security?.length)
      .flatMap((route) => [route.method].flat().map((m) => `${m} ${route.url}`))
      .filter((entry) => !entry.startsWith('HEAD '));
    expect(served.sort()).toEqual(Object.keys(REST).sort());
  });

  it('lets each role call exactly the REST routes its permissions allow', async () => {
    const refusals: string[] = [];
    for (const [route, rule] of Object.entries(REST)) {
      const [method, path] = route.split(' ') as [string, string];
      for (const role of [...ROLES, null]) {
        const token = await tokenOf(role);
        const res = await t.app.inject({
          method: method as 'GET',
          url: concrete(path),
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
        });
        const expected = role === null ? 401 : allowed(role, rule) ? 'through' : 403;
        const ok =
          expected === 'through'
            ? ![401, 403].includes(res.statusCode) && res.statusCode < 500
            : res.statusCode === expected;
        if (!ok) refusals.push(`${role ?? 'visitor'} ${route}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        if (ok && expected === 403) expect(refusalOf(res)).toEqual({ message: 'Your role does not allow this' });
      }
    }
    expect(refusals).toEqual([]);
  }, 120_000);

  it('refuses everything but the password change to an account on a one-time password', async () => {
    await t.deps.db
      .updateTable('admin_users')
      .set({ mustChangePassword: true })
      .where('id', '=', staff.editor.id)
      .execute();
    try {
      const campaigns = await callProcedure('campaign.adminPage', 'editor');
      expect(campaigns).toEqual({ status: 403, message: 'Please change your one-time password first' });
      const verify = await callProcedure('auth.verify', 'editor');
      expect(verify.status).toBe(200);
      const token = await tokenOf('editor');
      const rest = await t.app.inject({
        method: 'GET',
        url: '/api/dashboard/stats',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(rest.statusCode).toBe(403);
    } finally {
      await t.deps.db
        .updateTable('admin_users')
        .set({ mustChangePassword: false })
        .where('id', '=', staff.editor.id)
        .execute();
    }
  });
});

/**
 * The audit trail records who did what, when and from where, in the same transaction as the
 * change, and never a secret. People's data can be erased on request and old rejected entries
 * are purged by the retention setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHousekeeping } from '../../server/housekeeping';
import { makeImage } from '../fixtures/images';
import { multipartBody } from '../fixtures/multipart';
import { ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import {
  campaignPayload,
  contactPayload,
  FORM_TYPES,
  FORMS,
  newsletterPayload,
  trpcError,
  volunteerPayload,
} from '../helpers/fixtures';

const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000';
const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('the audit trail on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const events = () => t.deps.db.selectFrom('audit_events').selectAll().orderBy('at').orderBy('id').execute();
  const lastEvent = async () => (await events()).at(-1)!;
  const remote = { remoteAddress: '198.51.100.23' };

  it('records sign-in success and failure and logout, with the address and no secret', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN.email, password: 'a wrong secret guess' },
      ...remote,
    });
    expect(failed.statusCode).toBe(401);
    expect(await lastEvent()).toMatchObject({
      action: 'auth.login.failed',
      actor: 'visitor',
      actorId: null,
      target: ADMIN.email,
      ip: '198.51.100.23',
    });
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN, ...remote });
    const token = ok.json().token as string;
    expect(await lastEvent()).toMatchObject({ action: 'auth.login', actor: ADMIN.email, ip: '198.51.100.23' });
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(await lastEvent()).toMatchObject({ action: 'auth.logout', actor: ADMIN.email });

    const text = JSON.stringify(await events());
    expect(text).not.toContain(ADMIN.password);
    expect(text).not.toContain('a wrong secret guess');
    expect(text).not.toContain(token);
  });

  it('records every create, update and delete of a campaign on both faces', async () => {
    const created = await t.asAdmin({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: 'Wells' }),
    });
    const id = created.json().campaign._id as string;
    expect(await lastEvent()).toMatchObject({
      action: 'campaign.created',
      target: id,
      summary: 'Wells',
      actor: ADMIN.email,
    });
    await t.asAdmin({ method: 'PUT', url: `/campaigns/${id}`, payload: campaignPayload({ title: 'Deep wells' }) });
    expect(await lastEvent()).toMatchObject({ action: 'campaign.updated', target: id, summary: 'Deep wells' });
    await t.adminCaller.campaign.update({ id, data: campaignPayload({ title: 'Deeper wells' }) });
    expect(await lastEvent()).toMatchObject({ action: 'campaign.updated', summary: 'Deeper wells' });
    await t.asAdmin({ method: 'DELETE', url: `/campaigns/${id}` });
    expect(await lastEvent()).toMatchObject({ action: 'campaign.deleted', target: id, summary: 'Deeper wells' });
    const viaTrpc = await t.adminCaller.campaign.create(campaignPayload({ title: 'Clinic' }));
    expect(await lastEvent()).toMatchObject({ action: 'campaign.created', target: viaTrpc._id });
  });

  it('writes nothing when the change fails', async () => {
    const before = (await events()).length;
    expect((await t.asAdmin({ method: 'DELETE', url: `/campaigns/${UNKNOWN_ID}` })).statusCode).toBe(404);
    expect(
      (await t.asAdmin({ method: 'PUT', url: `/campaigns/${UNKNOWN_ID}`, payload: campaignPayload() })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.asAdmin({
          method: 'PUT',
          url: `/api/submissions/volunteer/${UNKNOWN_ID}/status`,
          payload: { status: 'approved' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await events()).length).toBe(before);
  });

  it('records submission status changes and uploads', async () => {
    const { data } = (
      await t.app.inject({ method: 'POST', url: '/api/submissions/volunteer/register', payload: volunteerPayload() })
    ).json();
    await t.asAdmin({
      method: 'PUT',
      url: `/api/submissions/volunteer/${data._id}/status`,
      payload: { status: 'approved' },
    });
    expect(await lastEvent()).toMatchObject({
      action: 'submission.status',
      target: `volunteer/${data._id}`,
      summary: 'set to approved',
    });
    const upload = await multipartBody([{ field: 'image', data: await makeImage('png', 400, 300) }]);
    const res = await t.asAdmin({ method: 'POST', url: '/upload/single', ...upload });
    expect(res.statusCode).toBe(200);
    expect(await lastEvent()).toMatchObject({
      action: 'upload.created',
      target: res.json().path.split('/').at(-1),
      summary: '400x300',
    });
  });
});

describe.each(testDatabases())('erasure and retention on %s', (kind) => {
  let t: TestApp;
  const clock = new Date('2026-11-23T09:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => clock, env: { SUBMISSION_RETENTION_DAYS: '30' } });
  });
  afterAll(() => t.close());

  const submit = async (type: (typeof FORM_TYPES)[number], body: object) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/submissions/${type}/register`, payload: body });
    expect(res.statusCode).toBe(201);
    return res.json().data?._id as string | undefined;
  };

  it('DELETE /api/submissions/{type}/{id} erases one entry of any kind, audited, admin only', async () => {
    for (const type of FORM_TYPES) {
      const body = FORMS[type].payload();
      const id =
        (await submit(type, body)) ??
        (
          await t.deps.db
            .selectFrom('newsletter_subscriptions')
            .select('id')
            .where('email', '=', String((body as { email: string }).email).toLowerCase())
            .executeTakeFirstOrThrow()
        ).id;
      const table = FORMS[type].table;
      const url = `/api/submissions/${type}/${id}`;
      expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
      const res = await t.asAdmin({ method: 'DELETE', url });
      expect(res.statusCode, type).toBe(200);
      expect(res.json()).toEqual({ message: 'Submission deleted', _id: id });
      const left = await t.deps.db.selectFrom(table).select('id').where('id', '=', id).execute();
      expect(left).toEqual([]);
      const event = await t.deps.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'submission.deleted')
        .where('target', '=', `${type}/${id}`)
        .executeTakeFirst();
      expect(event?.actor).toBe(ADMIN.email);
      expect((await t.asAdmin({ method: 'DELETE', url })).statusCode).toBe(404);
    }
  });

  it('refuses an unknown type or id, and the tRPC twin does the same', async () => {
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/submissions/donor/${UNKNOWN_ID}` })).statusCode).toBe(400);
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/submissions/__proto__/${UNKNOWN_ID}` })).statusCode).toBe(
      400,
    );
    expect((await t.asAdmin({ method: 'DELETE', url: '/api/submissions/contact/not-an-id' })).statusCode).toBe(404);
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/submissions/contact/${UNKNOWN_ID}` })).statusCode).toBe(404);
    const id = await submit('contact', contactPayload());
    expect(await t.adminCaller.submission.remove({ type: 'contact', id: id! })).toEqual({
      message: 'Submission deleted',
      _id: id,
    });
    expect(await trpcError(t.adminCaller.submission.remove({ type: 'contact', id: id! }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await trpcError(t.publicCaller.submission.remove({ type: 'contact', id: id! }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('purges rejected applications and contact messages older than SUBMISSION_RETENTION_DAYS, nothing else', async () => {
    await t.deps.db.deleteFrom('volunteer_submissions').execute();
    await t.deps.db.deleteFrom('contact_messages').execute();
    const start = clock;
    const rejectedOld = (await submit('volunteer', volunteerPayload()))!;
    const pendingOld = (await submit('volunteer', volunteerPayload()))!;
    const contactOld = (await submit('contact', contactPayload()))!;
    await submit('newsletter', newsletterPayload());
    // Rows get the database's own time; the test moves them into the past.
    await t.deps.db
      .updateTable('volunteer_submissions')
      .set({ registrationDate: new Date(start.getTime() - 60 * DAY), updatedAt: new Date(start.getTime() - 40 * DAY) })
      .execute();
    await t.deps.db
      .updateTable('contact_messages')
      .set({ createdAt: new Date(start.getTime() - 31 * DAY) })
      .execute();
    await t.deps.db
      .updateTable('volunteer_submissions')
      .set({ status: 'rejected' })
      .where('id', '=', rejectedOld)
      .execute();
    const rejectedRecent = (await submit('volunteer', volunteerPayload()))!;
    await t.asAdmin({
      method: 'PUT',
      url: `/api/submissions/volunteer/${rejectedRecent}/status`,
      payload: { status: 'rejected' },
    });
    await t.deps.db
      .updateTable('volunteer_submissions')
      .set({ updatedAt: new Date(start.getTime() - 29 * DAY) })
      .where('id', '=', rejectedRecent)
      .execute();
    const contactRecent = (await submit('contact', contactPayload()))!;
    await t.deps.db
      .updateTable('contact_messages')
      .set({ createdAt: new Date(start.getTime() - 29 * DAY) })
      .where('id', '=', contactRecent)
      .execute();
    const newsletters = await t.deps.db.selectFrom('newsletter_subscriptions').select('id').execute();

    const report = await runHousekeeping(t.deps);
    expect(report.purged).toEqual({ volunteer: 1, contact: 1 });
    const volunteers = await t.deps.db.selectFrom('volunteer_submissions').select('id').execute();
    expect(volunteers.map((v) => v.id).sort()).toEqual([pendingOld, rejectedRecent].sort());
    const contacts = await t.deps.db.selectFrom('contact_messages').select('id').execute();
    expect(contacts.map((c) => c.id)).toEqual([contactRecent]);
    expect(contacts.map((c) => c.id)).not.toContain(contactOld);
    expect(await t.deps.db.selectFrom('newsletter_subscriptions').select('id').execute()).toEqual(newsletters);
    const purged = await t.deps.db
      .selectFrom('audit_events')
      .select(['actor', 'target', 'summary'])
      .where('action', '=', 'submission.purged')
      .orderBy('target')
      .execute();
    expect(purged).toEqual([
      { actor: 'system', target: 'contact', summary: '1 older than 30 days' },
      { actor: 'system', target: 'volunteer', summary: '1 older than 30 days' },
    ]);
    // A second run finds nothing more.
    expect((await runHousekeeping(t.deps)).purged).toEqual({});
  });

  it('keeps everything when SUBMISSION_RETENTION_DAYS is unset', async () => {
    const keeper = await createTestApp(kind, { now: () => clock });
    try {
      await keeper.app.inject({ method: 'POST', url: '/api/submissions/contact/register', payload: contactPayload() });
      await keeper.deps.db
        .updateTable('contact_messages')
        .set({ createdAt: new Date(0) })
        .execute();
      expect((await runHousekeeping(keeper.deps)).purged).toEqual({});
      expect(await keeper.deps.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(1);
    } finally {
      await keeper.close();
    }
  });
});

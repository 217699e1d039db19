/**
 * Staff alerts on both engines, delivered to a real SMTP server: the choices (REST and tRPC), one
 * mail per entry for 'each', one digest at 07:00 Lagos time for 'daily' on a clock the test moves
 * (once, even when two runs race, and none when nothing arrived), nothing for 'none', for roles
 * without the permission or for disabled accounts, never a phone number, and unmatched credits
 * after a statement import.
 */
import type { FastifyBaseLogger, InjectOptions } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import type { ParsedMail } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestSlot, nextDigestAt, sendDailyDigests } from '../../server/alerts/digest';
import { alertNewSubmissions } from '../../server/alerts/immediate';
import { scheduleDailyDigests } from '../../server/alerts/schedule';
import { issueToken } from '../../server/auth/service';
import { newId } from '../../server/db/ids';
import type { Row } from '../../server/db/schema';
import type { Role } from '../../shared/roles';
import type { AlertChoice } from '../../shared/schemas/alerts';
import { multipartBody } from '../fixtures/multipart';
import { createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, contactPayload, partnerPayload, volunteerPayload } from '../helpers/fixtures';
import { deliverDue, linkTo, mailEnv, mailsTo } from '../helpers/mail';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const HOUR = 3600_000;
const HOST = 'foundation.example.org';
/** Every spelling of the fixtures' phone numbers. */
const PHONE = /803\s?123\s?4567|8031234567|802\s?555/;
const contentOf = (mail: ParsedMail) => `${mail.subject}\n${mail.text}\n${mail.html || ''}`;

describe('the time of the daily digest', () => {
  it('is the next 07:00 in Lagos (06:00 UTC), whatever the hour now', () => {
    expect(nextDigestAt(new Date('2026-11-25T05:59:59Z')).toISOString()).toBe('2026-11-25T06:00:00.000Z');
    expect(nextDigestAt(new Date('2026-11-25T06:00:00Z')).toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(nextDigestAt(new Date('2026-11-25T22:59:59Z')).toISOString()).toBe('2026-11-26T06:00:00.000Z');
    // 00:30 in Lagos on the 26th: that day's 07:00.
    expect(nextDigestAt(new Date('2026-11-25T23:30:00Z')).toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(nextDigestAt(new Date('2026-12-31T07:00:00Z')).toISOString()).toBe('2027-01-01T06:00:00.000Z');
  });

  it('names the latest 07:00 that has come as the digest due', () => {
    expect(digestSlot(new Date('2026-11-25T06:00:00Z')).toISOString()).toBe('2026-11-25T06:00:00.000Z');
    expect(digestSlot(new Date('2026-11-25T05:59:59Z')).toISOString()).toBe('2026-11-24T06:00:00.000Z');
    expect(digestSlot(new Date('2026-11-25T23:30:00Z')).toISOString()).toBe('2026-11-25T06:00:00.000Z');
  });
});

describe.each(testDatabases())('staff alerts on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let clock = new Date();
  const staff: Record<string, { id: string; email: string; token: string }> = {};

  const addStaff = async (
    name: string,
    role: Role,
    submissions: AlertChoice,
    giving: AlertChoice,
    disabled = false,
  ) => {
    const row = await insertStaff(t.deps.db, role);
    await t.deps.db
      .updateTable('admin_users')
      .set({ alertSubmissions: submissions, alertGiving: giving, disabledAt: disabled ? clock : null })
      .where('id', '=', row.id)
      .execute();
    staff[name] = { ...row, token: disabled ? '' : await issueToken(t.deps, row) };
  };
  // The site answers only on PUBLIC_URL's host.
  const inject = (options: InjectOptions) => t.app.inject({ ...options, headers: { host: HOST, ...options.headers } });
  const as = (name: string, { payload, ...options }: { method: 'GET' | 'PUT'; url: string; payload?: unknown }) =>
    inject({
      ...options,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      headers: { authorization: `Bearer ${staff[name]!.token}`, 'content-type': 'application/json' },
    });
  const mailsOf = (name: string) => mailsTo(smtp, staff[name]!.email);
  const everyAlert = () =>
    smtp.received.filter((m) => Object.values(staff).some((s) => m.rcptTo.includes(s.email))).map((m) => m.parsed);

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: mailEnv(smtp), now: () => clock });
    // The test app's own admin would hear of everything by default.
    await t.deps.db.updateTable('admin_users').set({ alertSubmissions: 'none', alertGiving: 'none' }).execute();
    await addStaff('reviewerEach', 'reviewer', 'each', 'each');
    await addStaff('reviewerDaily', 'reviewer', 'daily', 'daily');
    await addStaff('reviewerNone', 'reviewer', 'none', 'none');
    await addStaff('financeEach', 'finance', 'each', 'each');
    await addStaff('financeDaily', 'finance', 'daily', 'daily');
    await addStaff('adminDaily', 'admin', 'daily', 'daily');
    await addStaff('editor', 'editor', 'each', 'each');
    await addStaff('disabledEach', 'admin', 'each', 'each', true);
    await addStaff('disabledDaily', 'admin', 'daily', 'daily', true);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  describe('the choice', () => {
    it('answers the default, saves a new choice, audits it and answers it (REST)', async () => {
      await addStaff('chooser', 'reviewer', 'daily', 'daily');
      expect((await as('chooser', { method: 'GET', url: '/api/auth/notifications' })).json()).toEqual({
        submissions: 'daily',
        giving: 'daily',
      });
      const saved = await as('chooser', {
        method: 'PUT',
        url: '/api/auth/notifications',
        payload: { submissions: 'each', giving: 'none' },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ submissions: 'each', giving: 'none' });
      expect((await as('chooser', { method: 'GET', url: '/api/auth/notifications' })).json()).toEqual({
        submissions: 'each',
        giving: 'none',
      });
      const event = await t.deps.db
        .selectFrom('audit_events')
        .select(['actor', 'target', 'summary'])
        .where('action', '=', 'auth.alerts.changed')
        .where('target', '=', staff.chooser!.email)
        .executeTakeFirstOrThrow();
      expect(event).toEqual({
        actor: staff.chooser!.email,
        target: staff.chooser!.email,
        summary: 'submissions: each, giving: none',
      });
      // Back to a daily choice: the digest starts now, not with what was already sent one by one.
      await as('chooser', {
        method: 'PUT',
        url: '/api/auth/notifications',
        payload: { submissions: 'daily', giving: 'none' },
      });
      const row = await t.deps.db
        .selectFrom('admin_users')
        .select('digestThrough')
        .where('id', '=', staff.chooser!.id)
        .executeTakeFirstOrThrow();
      expect(row.digestThrough?.getTime()).toBe(clock.getTime());
      await t.deps.db.deleteFrom('admin_users').where('id', '=', staff.chooser!.id).execute();
      delete staff.chooser;
    });

    it('refuses bad input with 400 and no token with 401', async () => {
      for (const payload of [
        { submissions: 'weekly', giving: 'daily' },
        { submissions: 'each' },
        { submissions: 'each', giving: 'none', extra: true },
        'each',
        null,
      ]) {
        const res = await as('reviewerNone', { method: 'PUT', url: '/api/auth/notifications', payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await inject({ method: 'GET', url: '/api/auth/notifications' })).statusCode).toBe(401);
      expect(
        (
          await inject({
            method: 'PUT',
            url: '/api/auth/notifications',
            payload: { submissions: 'each', giving: 'each' },
          })
        ).statusCode,
      ).toBe(401);
      expect((await as('reviewerNone', { method: 'GET', url: '/api/auth/notifications' })).json()).toEqual({
        submissions: 'none',
        giving: 'none',
      });
    });

    it('keeps a choice the role cannot receive, and an editor may save too', async () => {
      const res = await as('editor', {
        method: 'PUT',
        url: '/api/auth/notifications',
        payload: { submissions: 'each', giving: 'each' },
      });
      expect(res.json()).toEqual({ submissions: 'each', giving: 'each' });
    });

    it('has tRPC twins on the same schema', async () => {
      expect(await t.adminCaller.alerts.get()).toEqual({ submissions: 'none', giving: 'none' });
      expect(await t.adminCaller.alerts.update({ submissions: 'none', giving: 'none' })).toEqual({
        submissions: 'none',
        giving: 'none',
      });
      await expect(
        t.adminCaller.alerts.update({ submissions: 'hourly', giving: 'none' } as never),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(t.publicCaller.alerts.get()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });
  });

  describe("'each'", () => {
    it('sends one mail per new submission to reviewers who chose it, naming it and linking to it', async () => {
      const volunteer = volunteerPayload({ firstName: 'Hauwa', lastName: 'Garba' });
      const partner = partnerPayload({ organizationName: 'Kano Wells Ltd' });
      const contact = contactPayload({ name: 'Sani Abubakar', message: 'A private question about my gift.' });
      for (const [form, payload] of [
        ['volunteer', volunteer],
        ['partner', partner],
        ['contact', contact],
      ] as const) {
        const res = await inject({ method: 'POST', url: `/api/submissions/${form}/register`, payload });
        expect(res.statusCode).toBe(201);
      }
      await deliverDue(t.deps, smtp);
      const mails = mailsOf('reviewerEach');
      expect(mails.map((m) => m.subject)).toEqual([
        'New volunteer application: Hauwa Garba',
        'New partnership application: Kano Wells Ltd',
        'New contact message: Sani Abubakar',
      ]);
      for (const mail of mails) {
        expect(linkTo(mail, '/admin/submissions').origin).toBe('https://foundation.example.org');
        expect(mail.text).toContain('(Lagos time)');
        expect(contentOf(mail)).not.toMatch(PHONE);
        expect(contentOf(mail)).not.toContain(contact.message);
        expect(contentOf(mail)).not.toContain(partner.message);
        expect(contentOf(mail)).not.toContain(volunteer.motivation);
      }
      // The admin with 'each' on submissions hears nothing here: the only one is disabled.
      for (const other of [
        'reviewerDaily',
        'reviewerNone',
        'financeEach',
        'financeDaily',
        'adminDaily',
        'editor',
        'disabledEach',
      ])
        expect(mailsOf(other), other).toEqual([]);
    });

    it('sends one mail per new pledge to finance staff who chose it', async () => {
      const created = await t.asAdmin({
        method: 'POST',
        url: '/campaigns',
        payload: campaignPayload(),
        headers: { host: HOST },
      });
      const campaignId = created.json().campaign._id;
      const res = await inject({
        method: 'POST',
        url: '/api/pledges',
        payload: { campaignId, amount: '7,500', name: 'Maryam Yusuf', anonymous: false, phone: '0803 123 4567' },
      });
      expect(res.statusCode).toBe(201);
      await deliverDue(t.deps, smtp);
      const [mail, ...more] = mailsOf('financeEach');
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('New pledge: Maryam Yusuf');
      expect(mail!.text).toContain(res.json().data.reference);
      expect(linkTo(mail!, '/admin/donations')).toBeTruthy();
      expect(contentOf(mail!)).not.toMatch(PHONE);
      expect(mailsOf('reviewerEach')).toHaveLength(3);
      for (const other of ['financeDaily', 'adminDaily', 'editor', 'disabledEach'])
        expect(mailsOf(other), other).toEqual([]);
    });

    it('sends one mail per import about the credits that matched no pledge', async () => {
      const day = new Date(Date.now() + HOUR).toISOString().slice(0, 10);
      const dmy = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
      const csv = [
        'Trans Date,Value Date,Narration,Debit,Credit,Balance',
        `${dmy},${dmy},TRANSFER FROM A STRANGER,,1200.00,1200.00`,
        `${dmy},${dmy},POS REFUND,,300.00,1500.00`,
      ].join('\r\n');
      const { payload, headers } = await multipartBody([
        { field: 'file', data: csv, filename: 'november.csv', type: 'text/csv' },
      ]);
      const res = await inject({
        method: 'POST',
        url: '/api/statements',
        payload,
        headers: { ...headers, authorization: `Bearer ${staff.financeEach!.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().unmatched).toBe(2);
      await deliverDue(t.deps, smtp);
      const mails = mailsOf('financeEach');
      expect(mails).toHaveLength(2);
      expect(mails[1]!.subject).toBe('2 credits did not match a pledge');
      expect(mails[1]!.text).toContain('november.csv');
      expect(linkTo(mails[1]!, '/admin/donations')).toBeTruthy();
      for (const other of ['financeDaily', 'reviewerEach', 'editor', 'disabledEach'])
        expect(
          mailsOf(other).filter((m) => m.subject?.includes('credit')),
          other,
        ).toEqual([]);
    });

    it('reads the recipients once for a batch of 200 sign-ups', async () => {
      let adminReads = 0;
      const counting: KyselyPlugin = {
        transformQuery: ({ node }) => {
          if (JSON.stringify(node).includes('"admin_users"')) adminReads++;
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      const rows = Array.from({ length: 200 }, (_, i) => ({
        id: newId(),
        firstName: 'Batch',
        lastName: `Person ${i}`,
        registrationDate: clock,
      })) as unknown as Row<'volunteer_submissions'>[];
      const queued = await t.deps.db
        .withPlugin(counting)
        .transaction()
        .execute(async (trx) => {
          await alertNewSubmissions(trx, t.deps, { kind: 'volunteer', rows });
          const { n } = await trx
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('kind', '=', 'alerts.volunteer')
            .where('status', '=', 'queued')
            .executeTakeFirstOrThrow();
          // Not kept: these rows were never stored.
          await trx
            .deleteFrom('mail_outbox')
            .where('kind', '=', 'alerts.volunteer')
            .where('status', '=', 'queued')
            .execute();
          return Number(n);
        });
      expect(queued).toBe(200);
      expect(adminReads).toBe(1);
    });
  });

  describe("'daily'", () => {
    it('sends one digest at 07:00 Lagos of what arrived, to staff who chose it, without phone numbers', async () => {
      const before = everyAlert().length;
      clock = nextDigestAt(new Date());
      expect(await sendDailyDigests(t.deps)).toEqual({ sent: 3 });
      await deliverDue(t.deps, smtp);
      const [reviewer, ...moreReviewer] = mailsOf('reviewerDaily');
      expect(moreReviewer).toEqual([]);
      expect(reviewer!.subject).toBe('Daily summary: 3 new items');
      expect(reviewer!.text).toContain('volunteer application: Hauwa Garba');
      expect(reviewer!.text).toContain('partnership application: Kano Wells Ltd');
      expect(reviewer!.text).toContain('contact message: Sani Abubakar');
      expect(reviewer!.text).not.toContain('Maryam Yusuf');
      expect(linkTo(reviewer!, '/admin/submissions')).toBeTruthy();

      const [finance, ...moreFinance] = mailsOf('financeDaily');
      expect(moreFinance).toEqual([]);
      expect(finance!.subject).toBe('Daily summary: 3 new items');
      expect(finance!.text).toContain('pledge: Maryam Yusuf');
      expect(finance!.text).toContain('november.csv');
      expect(finance!.text).not.toContain('Hauwa Garba');
      expect(linkTo(finance!, '/admin/donations')).toBeTruthy();

      const [admin] = mailsOf('adminDaily');
      expect(admin!.subject).toBe('Daily summary: 6 new items');

      const sent = everyAlert().slice(before);
      expect(sent).toHaveLength(3);
      for (const mail of sent) expect(contentOf(mail)).not.toMatch(PHONE);
      for (const other of ['reviewerNone', 'editor', 'disabledDaily']) expect(mailsOf(other), other).toEqual([]);
    });

    it('sends it only once, even when two runs race', async () => {
      expect(await sendDailyDigests(t.deps)).toEqual({ sent: 0 });
      clock = new Date(clock.getTime() + 24 * HOUR);
      await t.deps.db
        .insertInto('contact_messages')
        .values({
          ...contactPayload({ name: 'Late Sender' }),
          id: newId(),
          createdAt: new Date(clock.getTime() - HOUR),
        })
        .execute();
      const runs = await Promise.all([sendDailyDigests(t.deps), sendDailyDigests(t.deps)]);
      expect(runs[0]!.sent + runs[1]!.sent).toBe(2);
      await deliverDue(t.deps, smtp);
      expect(mailsOf('reviewerDaily').map((m) => m.subject)).toEqual([
        'Daily summary: 3 new items',
        'Daily summary: 1 new item',
      ]);
      expect(mailsOf('financeDaily')).toHaveLength(1);
      expect(mailsOf('adminDaily')).toHaveLength(2);
    });

    it('sends nothing when nothing arrived, and still moves on', async () => {
      const before = everyAlert().length;
      clock = new Date(clock.getTime() + 24 * HOUR);
      expect(await sendDailyDigests(t.deps)).toEqual({ sent: 0 });
      await deliverDue(t.deps, smtp);
      expect(everyAlert()).toHaveLength(before);
      const row = await t.deps.db
        .selectFrom('admin_users')
        .select('digestThrough')
        .where('id', '=', staff.reviewerDaily!.id)
        .executeTakeFirstOrThrow();
      expect(row.digestThrough?.getTime()).toBe(clock.getTime());
    });

    it('sends a missed digest when the server starts after 07:00, then waits for the next', async () => {
      clock = new Date(clock.getTime() + 27 * HOUR);
      await t.deps.db
        .insertInto('contact_messages')
        .values({
          ...contactPayload({ name: 'While Down' }),
          id: newId(),
          createdAt: new Date(clock.getTime() - 2 * HOUR),
        })
        .execute();
      const stop = scheduleDailyDigests(t.deps, log);
      try {
        await waitFor(
          async () =>
            (
              await t.deps.db
                .selectFrom('admin_users')
                .select('digestThrough')
                .where('id', '=', staff.reviewerDaily!.id)
                .executeTakeFirstOrThrow()
            ).digestThrough?.getTime() === clock.getTime(),
          { what: 'the missed digest' },
        );
      } finally {
        stop();
      }
      await deliverDue(t.deps, smtp);
      const last = mailsOf('reviewerDaily').at(-1)!;
      expect(last.subject).toBe('Daily summary: 1 new item');
      expect(last.text).toContain('While Down');
    });
  });
});

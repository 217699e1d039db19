/**
 * The outbox for admins through REST and tRPC, on both databases, against a real SMTP server:
 * keyset pages and the state filter, admins only, bodies only in the one-message call, sending a
 * failed message again (delivered by the real worker, woken at once, its day of retries counted
 * from then), the refusals (409, 404, 400), a 550 ending a message at once, the dashboard's
 * figures, and the daily removal of old mail and spent link tokens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/service';
import type { Deps } from '../../server/deps';
import { runHousekeeping } from '../../server/housekeeping';
import { claimDue, enqueueMail, GIVE_UP_AFTER_MS, markRetry, type OutgoingMail } from '../../server/mail/outbox';
import { createMailTransport } from '../../server/mail/transport';
import { startMailWorker } from '../../server/mail/worker';
import { ROLES, type Role } from '../../shared/roles';
import { createTestApp, insertStaff, type TestApp, testConfig } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { refusalOf } from '../helpers/fixtures';
import { mailEnv } from '../helpers/mail';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const DAY = 24 * 60 * 60 * 1000;
const UNKNOWN_ID = '0192d4e8-7a51-7c3e-9b1f-3c2a5d6e7f80';

const message = (i: number, extra: Partial<OutgoingMail> = {}): OutgoingMail => ({
  kind: 'test.hello',
  to: `reader${i}@example.org`,
  language: 'en',
  subject: `Hello ${i}`,
  html: `<p>Hello <b>${i}</b></p>`,
  text: `Hello ${i}, in plain text`,
  ...extra,
});

const queue = async (deps: Deps, mail: OutgoingMail) =>
  (await deps.db.transaction().execute((trx) => enqueueMail(trx, deps, mail))).id;

const trpcGet = (name: string, input: object) =>
  `/trpc/${name}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

describe.each(testDatabases())('the outbox for admins on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let clock = new Date('2026-11-25T09:00:00Z');
  const tokens = {} as Record<Role, string>;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost' }, now: () => clock });
    for (const role of ROLES) tokens[role] = await issueToken(t.deps, await insertStaff(t.deps.db, role));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    await t.deps.db.deleteFrom('mail_outbox').execute();
    smtp.received.length = 0;
  });

  const as = (role: Role | null, options: { method: 'GET' | 'POST'; url: string }) =>
    t.app.inject({ ...options, headers: role ? { authorization: `Bearer ${tokens[role]}` } : {} });
  const rowOf = (id: string) =>
    t.deps.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const setRow = (id: string, values: Record<string, unknown>) =>
    t.deps.db.updateTable('mail_outbox').set(values).where('id', '=', id).execute();
  /** The real worker on this app's deps, sending to the test SMTP server; it polls only once a minute. */
  const startWorker = () => {
    const transport = createMailTransport(t.deps.config);
    const stop = startMailWorker(t.deps, transport, log, { pollMs: 60_000 });
    stops.push(async () => {
      await stop();
      transport.close();
    });
  };

  /** Five messages a second apart (the newest last), one sent and two failed. */
  async function fiveMessages() {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock = new Date(clock.getTime() + 1000);
      ids.push(await queue(t.deps, message(i)));
    }
    await setRow(ids[0]!, { status: 'sent', sentAt: clock, attempts: 1 });
    await setRow(ids[1]!, { status: 'failed', attempts: 30, lastError: '451: Try again later' });
    await setRow(ids[3]!, { status: 'failed', attempts: 30, lastError: '451: Try again later' });
    return ids;
  }

  it('lists newest first, a page at a time, with the state filter, on both faces', async () => {
    const ids = await fiveMessages();
    const seen: string[] = [];
    let url = '/api/outbox?limit=2';
    for (let pages = 0; ; pages++) {
      const res = await t.asAdmin({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      for (const item of page.items) {
        expect(Object.keys(item).sort()).toEqual(
          ['attempts', 'createdAt', 'id', 'kind', 'lastError', 'sentAt', 'status', 'subject', 'to'].sort(),
        );
        seen.push(item.id);
      }
      if (!page.next) break;
      expect(pages).toBeLessThan(3);
      url = `/api/outbox?limit=2&before=${encodeURIComponent(page.next)}`;
    }
    expect(seen).toEqual([...ids].reverse());

    const first = (await t.asAdmin({ method: 'GET', url: '/api/outbox' })).json();
    expect(first.next).toBeNull();
    expect(first.items[4]).toMatchObject({
      id: ids[0],
      to: 'reader0@example.org',
      kind: 'test.hello',
      subject: 'Hello 0',
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: expect.any(String),
    });

    const failed = (await t.asAdmin({ method: 'GET', url: '/api/outbox?status=failed' })).json();
    expect(failed.items.map((m: { id: string }) => m.id)).toEqual([ids[3], ids[1]]);
    expect(failed.items[0]).toMatchObject({ status: 'failed', attempts: 30, lastError: '451: Try again later' });

    const twin = await t.adminCaller.outbox.list({ status: 'queued', limit: 1 });
    expect(twin.items.map((m) => m.id)).toEqual([ids[4]]);
    const next = await t.adminCaller.outbox.list({ status: 'queued', limit: 1, cursor: twin.next });
    expect(next.items.map((m) => m.id)).toEqual([ids[2]]);
    expect(next.next).toBeNull();
  });

  it('refuses a bad state, limit or cursor with 400', async () => {
    for (const query of ['status=lost', 'limit=0', 'limit=101', 'limit=ten', 'before=yesterday']) {
      const res = await t.asAdmin({ method: 'GET', url: `/api/outbox?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toEqual(expect.any(String));
    }
    const cursor = await t.asAdmin({ method: 'GET', url: '/api/outbox?before=12_not-an-id' });
    expect(cursor.json().message).toBe('This page link is not valid: start again from the first page');
    await expect(t.adminCaller.outbox.list({ cursor: 'nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await t.asAdmin({ method: 'GET', url: '/api/outbox?limit=100' })).statusCode).toBe(200);
  });

  it('is for admins only: other roles 403, no token 401, on REST and tRPC', async () => {
    const id = (await fiveMessages())[1]!;
    const calls = [
      { method: 'GET', url: '/api/outbox' },
      { method: 'GET', url: `/api/outbox/${id}` },
      { method: 'POST', url: `/api/outbox/${id}/retry` },
      { method: 'GET', url: trpcGet('outbox.list', {}) },
      { method: 'GET', url: trpcGet('outbox.get', { id }) },
      { method: 'GET', url: trpcGet('dashboard.mail', {}) },
    ] as const;
    for (const call of calls) {
      for (const role of ROLES.filter((r) => r !== 'admin')) {
        expect((await as(role, call)).statusCode, `${role} ${call.url}`).toBe(403);
      }
      expect((await as(null, call)).statusCode, call.url).toBe(401);
      expect((await as('admin', call)).statusCode, call.url).toBeLessThan(300);
    }
    const retry = await t.app.inject({
      method: 'POST',
      url: '/trpc/outbox.retry',
      headers: { authorization: `Bearer ${tokens.editor}` },
      payload: { json: { id } },
    });
    expect(retry.statusCode).toBe(403);
    await expect(t.publicCaller.outbox.get({ id: id! })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('gives one message with its bodies; an unknown or malformed id is 404', async () => {
    const id = await queue(t.deps, message(7));
    const res = await t.asAdmin({ method: 'GET', url: `/api/outbox/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      id,
      to: 'reader7@example.org',
      status: 'queued',
      language: 'en',
      html: '<p>Hello <b>7</b></p>',
      text: 'Hello 7, in plain text',
      retriedAt: null,
    });
    expect(await t.adminCaller.outbox.get({ id })).toEqual(res.json());
    for (const other of [UNKNOWN_ID, 'not-an-id']) {
      const missing = await t.asAdmin({ method: 'GET', url: `/api/outbox/${other}` });
      expect(missing.statusCode, other).toBe(404);
      expect(refusalOf(missing)).toEqual({ message: 'Message not found' });
    }
    await expect(t.adminCaller.outbox.get({ id: UNKNOWN_ID })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // A mailed link's token is what it grants: the admin sees the link without it.
    const link = 'https://foundation.example.org/reset-password?token=eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl&invite=1';
    const reset = await queue(
      t.deps,
      message(8, { html: `<a href="${link.replace('&', '&amp;')}">Set it</a>`, text: `Open ${link}` }),
    );
    const shown = (await t.asAdmin({ method: 'GET', url: `/api/outbox/${reset}` })).json();
    expect(shown.text).toBe('Open https://foundation.example.org/reset-password?token=…&invite=1');
    expect(shown.html).toBe('<a href="https://foundation.example.org/reset-password?token=…&amp;invite=1">Set it</a>');
    expect((await t.asAdmin({ method: 'GET', url: `/api/outbox/${'x'.repeat(65)}` })).statusCode).toBe(400);
  });

  it('sends a failed message again at once: the worker wakes, the mail arrives, the act is audited', async () => {
    const id = await queue(t.deps, message(8));
    // Failed long ago, after a day of attempts.
    await setRow(id, {
      status: 'failed',
      attempts: 30,
      lastError: 'ETIMEDOUT: Connection timeout',
      createdAt: new Date(clock.getTime() - 3 * DAY),
      dueAt: new Date(clock.getTime() - 2 * DAY),
    });
    startWorker();
    const res = await t.asAdmin({ method: 'POST', url: `/api/outbox/${id}/retry` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'The message will be sent now', data: { id, status: 'queued' } });
    // Delivered without waiting for the minute's poll: the retry woke the worker.
    const arrived = await waitFor(() => smtp.received.find((m) => m.rcptTo.includes('reader8@example.org')), {
      what: 'the retried mail to arrive',
      timeoutMs: 5000,
    });
    expect(arrived!.parsed.subject).toBe('Hello 8');
    await waitFor(async () => (await rowOf(id)).status === 'sent', { what: 'the row to be sent' });
    expect(await rowOf(id)).toMatchObject({ attempts: 31, retriedAt: clock });
    const audited = await t.deps.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'outbox.retry')
      .where('target', '=', id)
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actor).toBe('admin@example.org');

    // The tRPC twin, on a queued message: due now.
    const later = await queue(t.deps, message(9));
    await setRow(later, { dueAt: new Date(clock.getTime() + DAY) });
    await stops.splice(0)[0]!();
    const twin = await t.adminCaller.outbox.retry({ id: later });
    expect(twin.data.status).toBe('queued');
    expect((await rowOf(later)).dueAt).toEqual(clock);
  });

  it('counts the day of retries from the retry, not from the first queueing', async () => {
    const id = await queue(t.deps, message(10));
    await setRow(id, { status: 'failed', attempts: 30, createdAt: new Date(clock.getTime() - 5 * DAY) });
    expect((await t.adminCaller.outbox.retry({ id })).data.status).toBe('queued');
    const [claimed] = await claimDue(t.deps.db, clock, 10);
    expect(await markRetry(t.deps.db, claimed!, clock, '451: Try again later')).toMatchObject({ status: 'queued' });
    const after = new Date(clock.getTime() + GIVE_UP_AFTER_MS);
    const [again] = await claimDue(t.deps.db, after, 10);
    expect(await markRetry(t.deps.db, again!, after, '451: Try again later')).toMatchObject({ status: 'failed' });
  });

  it('refuses to send again a message sent or being sent (409), and unknown ids (404)', async () => {
    const sent = await queue(t.deps, message(11));
    await setRow(sent, { status: 'sent', sentAt: clock });
    const sending = await queue(t.deps, message(12));
    await setRow(sending, { status: 'sending', leaseUntil: new Date(clock.getTime() + 60_000), attempts: 1 });
    const refusedSent = await t.asAdmin({ method: 'POST', url: `/api/outbox/${sent}/retry` });
    expect(refusedSent.statusCode).toBe(409);
    expect(refusalOf(refusedSent)).toEqual({ message: 'This message has already been sent: it is not sent twice' });
    const refusedSending = await t.asAdmin({ method: 'POST', url: `/api/outbox/${sending}/retry` });
    expect(refusedSending.statusCode).toBe(409);
    expect(refusedSending.json().message).toBe('This message is being sent right now: wait for the outcome');
    await expect(t.adminCaller.outbox.retry({ id: sent })).rejects.toMatchObject({ code: 'CONFLICT' });
    for (const other of [UNKNOWN_ID, 'nope']) {
      expect((await t.asAdmin({ method: 'POST', url: `/api/outbox/${other}/retry` })).statusCode, other).toBe(404);
    }
    expect(await rowOf(sent)).toMatchObject({ status: 'sent', retriedAt: null });
    expect(
      await t.deps.db
        .selectFrom('audit_events')
        .select('id')
        .where('action', '=', 'outbox.retry')
        .where('target', 'in', [sent, sending])
        .execute(),
    ).toEqual([]);
  });

  it('ends a message refused with 550 at once, and still delivers the others', async () => {
    smtp.refuseAddress('nobody@example.org');
    const refused = await queue(t.deps, message(13, { to: 'nobody@example.org' }));
    const fine = await queue(t.deps, message(14));
    startWorker();
    await waitFor(async () => (await rowOf(refused)).status === 'failed', { what: 'the refused mail to fail' });
    const row = await rowOf(refused);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/550/);
    await waitFor(async () => (await rowOf(fine)).status === 'sent', { what: 'the other mail to be sent' });
    const listed = (await t.asAdmin({ method: 'GET', url: '/api/outbox?status=failed' })).json();
    expect(listed.items.map((m: { id: string }) => m.id)).toEqual([refused]);
  });

  it('gives the dashboard mail that is not delivered yet, for admins', async () => {
    const ids = await fiveMessages();
    expect(await t.adminCaller.dashboard.mail()).toMatchObject({ smtp: true, queued: 2, failed: 2, files: 0 });
    await setRow(ids[2]!, { status: 'sent', sentAt: clock });
    expect(await t.adminCaller.dashboard.mail()).toMatchObject({ queued: 1, failed: 2 });
  });

  it('removes sent mail after MAIL_KEEP_DAYS, failed after 90 days, and expired spent link tokens', async () => {
    expect(testConfig().mail.keepDays).toBe(30);
    expect(testConfig({ MAIL_KEEP_DAYS: '7' }).mail.keepDays).toBe(7);
    const ago = (days: number) => new Date(clock.getTime() - days * DAY);
    const rows = {
      oldSent: { status: 'sent', sentAt: ago(31), createdAt: ago(31) },
      recentSent: { status: 'sent', sentAt: ago(29), createdAt: ago(29) },
      oldFailed: { status: 'failed', dueAt: ago(91), createdAt: ago(92) },
      recentFailed: { status: 'failed', dueAt: ago(89), createdAt: ago(92) },
      oldQueued: { status: 'queued', dueAt: ago(200), createdAt: ago(200) },
      oldReceipt: { status: 'sent', sentAt: ago(31), createdAt: ago(31) },
    };
    const ids: Record<string, string> = {};
    let i = 20;
    for (const [name, values] of Object.entries(rows)) {
      const extra = name === 'oldReceipt' ? { dedupeKey: `gift.receipt:${UNKNOWN_ID}:1` } : {};
      ids[name] = await queue(t.deps, message(i++, extra));
      await setRow(ids[name]!, values);
    }
    await t.deps.db
      .insertInto('spent_link_tokens')
      .values([
        { id: 'expired-link', expiresAt: ago(1) },
        { id: 'live-link', expiresAt: new Date(clock.getTime() + DAY) },
      ])
      .execute();

    const report = await runHousekeeping(t.deps);
    expect(report.mail).toEqual({ sent: 2, failed: 1 });
    const left = await t.deps.db.selectFrom('mail_outbox').select('id').execute();
    expect(left.map((r) => r.id).sort()).toEqual(
      [ids.recentSent, ids.recentFailed, ids.oldQueued, ids.oldReceipt].sort(),
    );
    // A message with a dedupe key stays, emptied of the person, so its key still holds.
    const receipt = await t.deps.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', ids.oldReceipt!)
      .executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({
      toAddress: '',
      subject: '',
      html: '',
      text: '',
      dedupeKey: `gift.receipt:${UNKNOWN_ID}:1`,
    });
    const again = await t.deps.db
      .transaction()
      .execute((trx) => enqueueMail(trx, t.deps, message(99, { dedupeKey: `gift.receipt:${UNKNOWN_ID}:1` })));
    expect(again.queued).toBe(false);
    expect(
      (await t.asAdmin({ method: 'GET', url: '/api/outbox?limit=100' })).json().items.map((m: { id: string }) => m.id),
    ).not.toContain(ids.oldReceipt);
    const links = await t.deps.db.selectFrom('spent_link_tokens').select('id').execute();
    expect(links.map((r) => r.id)).toEqual(['live-link']);
    expect((await runHousekeeping(t.deps)).mail).toEqual({ sent: 0, failed: 0 });
    await t.deps.db.deleteFrom('spent_link_tokens').execute();
  });
});

describe.each(testDatabases())('the outbox without SMTP on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-files-'));
    t = await createTestApp(kind, { env: { DATA_DIR: dataDir } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells the dashboard how many messages wait as files, and where', async () => {
    const directory = path.join(dataDir, 'mail');
    expect(await t.adminCaller.dashboard.mail()).toEqual({ smtp: false, queued: 0, failed: 0, files: 0, directory });
    for (let i = 0; i < 2; i++) await queue(t.deps, message(i));
    const transport = createMailTransport(t.deps.config);
    const stop = startMailWorker(t.deps, transport, log, { pollMs: 50 });
    try {
      await waitFor(async () => (await t.adminCaller.dashboard.mail()).files === 2, { what: 'two .eml files' });
    } finally {
      await stop();
      transport.close();
    }
    const listed = await t.adminCaller.outbox.list({});
    expect(listed.items.map((m) => m.status)).toEqual(['sent', 'sent']);
    expect(listed.items[0]!.lastError).toContain(directory);
  });
});

/**
 * The mail outbox against a real SMTP server (smtp-server), messages read back with mailparser:
 * transactional enqueue, delivery with the stored headers, messages made as they leave, dedupe,
 * messages that cannot be sent as written stored failed without failing their change,
 * retries on a clock the test moves, crash recovery by lease, giving up after a day, two workers
 * on one PostgreSQL database, stopping, DKIM, and .eml files without SMTP_URL.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../server/auth/tokens';
import { createDeps } from '../../server/bootstrap';
import { type DatabaseHandle, openPostgres } from '../../server/db/database';
import { newId } from '../../server/db/ids';
import type { Deps } from '../../server/deps';
import { composedMail, queueMail } from '../../server/mail/compose';
import {
  claimDue,
  enqueueMail,
  GIVE_UP_AFTER_MS,
  LEASE_MS,
  type OutgoingMail,
  retryDelayMs,
} from '../../server/mail/outbox';
import { createMailTransport } from '../../server/mail/transport';
import { type MailWorkerOptions, startMailWorker } from '../../server/mail/worker';
import { insertStaff, TEST_SECRET, testConfig } from '../helpers/app';
import { freshDatabase, type TestDatabase, testDatabases } from '../helpers/databases';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';

const log = pino({ level: process.env.MAIL_TEST_LOG ?? 'silent' }) as unknown as FastifyBaseLogger;
const MINUTE = 60_000;
const SITE = {
  PUBLIC_URL: 'https://foundation.example.org',
  MAIL_FROM: 'Arewa Foundation <no-reply@foundation.example.org>',
  MAIL_REPLY_TO: 'info@foundation.example.org',
};
// Short enough that no header line is folded.
const UNSUBSCRIBE = '<https://foundation.example.org/u/abc>';

/** A row the change that queues a mail writes beside it. */
const auditRow = () => ({
  id: newId(),
  at: new Date(),
  actorId: null,
  actor: 'system',
  action: 'test.change',
  target: null,
  ip: null,
  requestId: null,
});

const message = (i: number, extra: Partial<OutgoingMail> = {}): OutgoingMail => ({
  kind: 'test.hello',
  to: `donor${i}@example.org`,
  language: 'en',
  subject: `Hello ${i}`,
  html: `<p>Hello <b>${i}</b></p>`,
  text: `Hello ${i}`,
  headers: { 'List-Unsubscribe': UNSUBSCRIBE },
  ...extra,
});

describe.each(testDatabases())('the mail outbox on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let clock = new Date('2026-11-25T09:00:00Z');
  const now = () => clock;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    database = await freshDatabase(kind);
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.stop();
    await database?.close();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await database.db.deleteFrom('mail_outbox').execute();
    smtp.accept();
    smtp.received.length = 0;
  });

  async function makeDeps(env: Record<string, string> = {}, handle: DatabaseHandle = database): Promise<Deps> {
    const config = testConfig({ SMTP_URL: smtp.url, ...SITE, ...env });
    const deps = await createDeps(handle, config, createTokenSigner(TEST_SECRET, 12, now), now);
    cleanups.push(() => deps.publicDataVersion.close());
    return deps;
  }

  function runWorker(deps: Deps, options: MailWorkerOptions = {}) {
    const transport = createMailTransport(deps.config);
    cleanups.push(() => transport.close());
    const stop = startMailWorker(deps, transport, log, { pollMs: 20, ...options });
    let stopped = false;
    const stopOnce = async () => {
      if (stopped) return;
      stopped = true;
      await stop();
    };
    cleanups.push(stopOnce);
    return stopOnce;
  }

  const enqueue = (deps: Deps, m: OutgoingMail) => deps.db.transaction().execute((trx) => enqueueMail(trx, deps, m));
  const rows = () => database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  const waitForRows = (what: string, test: (r: Awaited<ReturnType<typeof rows>>) => boolean, timeoutMs?: number) =>
    waitFor(async () => test(await rows()), { what, ...(timeoutMs ? { timeoutMs } : {}) });

  it('sends nothing for a mail queued in a transaction that rolls back', async () => {
    const deps = await makeDeps();
    await expect(
      deps.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, deps, message(1));
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await rows()).toHaveLength(0);
    runWorker(deps);
    await enqueue(deps, message(2));
    await waitFor(() => smtp.received.length === 1, { what: 'the committed mail' });
    await waitForRows('the committed mail to be sent', (r) => r.every((row) => row.status === 'sent'));
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual(['Hello 2']);
  });

  it('delivers a committed row with its Message-ID, From, Reply-To, headers and both parts', async () => {
    const deps = await makeDeps();
    const queued = await enqueue(deps, message(7, { language: 'ha', subject: 'Sannu da zuwa' }));
    expect(queued.queued).toBe(true);
    expect(queued.messageId).toBe(`<${queued.id}@foundation.example.org>`);
    runWorker(deps);
    await waitFor(() => smtp.received.length === 1, { what: 'the mail' });
    const { parsed, rcptTo } = smtp.received[0]!;
    expect(rcptTo).toEqual(['donor7@example.org']);
    expect(parsed.messageId).toBe(queued.messageId);
    expect(parsed.from?.value).toEqual([{ name: 'Arewa Foundation', address: 'no-reply@foundation.example.org' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'info@foundation.example.org' }]);
    expect(parsed.subject).toBe('Sannu da zuwa');
    expect(parsed.text?.trim()).toBe('Hello 7');
    expect(parsed.html).toContain('<p>Hello <b>7</b></p>');
    const line = parsed.headerLines.find((h) => h.key === 'list-unsubscribe');
    expect(line?.line).toBe(`List-Unsubscribe: ${UNSUBSCRIBE}`);
    expect(parsed.headerLines.find((h) => h.key === 'content-language')?.line).toBe('Content-Language: ha');
    await waitForRows('the row to be marked sent', (r) => r[0]?.status === 'sent');
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, leaseUntil: null });
    expect(row!.sentAt).toEqual(clock);
  });

  it('is woken at once by a mail queued in its own process, without waiting for its next poll', async () => {
    const deps = await makeDeps();
    await enqueue(deps, message(2));
    runWorker(deps, { pollMs: 10 * MINUTE });
    // Its look at start sends the first; its next poll is ten minutes away.
    await waitForRows('the first mail to be sent', (r) => r[0]?.status === 'sent');
    await enqueue(deps, message(3));
    await waitFor(() => smtp.received.length === 2, { what: 'the second mail, sent on the wake-up', timeoutMs: 5000 });
  });

  it('makes a composed message as it leaves, and drops one with nothing to send at once, taking no turn', async () => {
    // One send a minute: a job that took a turn to find nothing would hold the next mail a minute.
    const deps = await makeDeps({ MAIL_PER_MINUTE: '1' });
    const account = await insertStaff(deps.db, 'editor');
    const reset = (to: string) =>
      composedMail({ kind: 'password.reset', to, language: 'en', composer: 'password-reset' });
    for (let i = 0; i < 5; i++) await enqueue(deps, reset(`nobody${i}@example.org`));
    advance(1);
    await enqueue(deps, reset(account.email));
    expect((await rows()).map((row) => [row.subject, row.text])).toEqual(
      Array.from({ length: 6 }, () => ['Written when it is sent', '']),
    );
    runWorker(deps);
    // Loading the mail renderer takes seconds on a busy machine; five turns would take five minutes.
    await waitFor(() => smtp.received.length === 1, {
      what: 'the mail to the account, behind five jobs for no one',
      timeoutMs: 30_000,
    });
    await waitForRows('the jobs for no one to go', (r) => r.length === 1 && r[0]!.status === 'sent');
    const [row] = await rows();
    expect(row!.toAddress).toBe(account.email);
    // What left is kept for staff to read, as any message is.
    expect(row!.subject).toBe('Choose a new password');
    expect(row!.text).toContain('/reset-password?token=');
    expect(smtp.received[0]!.parsed.subject).toBe('Choose a new password');
    expect(smtp.received[0]!.rcptTo).toEqual([account.email]);
  });

  it('keeps one row per dedupe key', async () => {
    const deps = await makeDeps();
    const first = await enqueue(deps, message(1, { dedupeKey: 'gift:42:receipt' }));
    const second = await enqueue(deps, message(1, { dedupeKey: 'gift:42:receipt', subject: 'Again' }));
    expect(second).toEqual({ id: first.id, messageId: first.messageId, queued: false });
    await enqueue(deps, message(1));
    const all = await rows();
    expect(all).toHaveLength(2);
    expect(all.filter((r) => r.dedupeKey === 'gift:42:receipt').map((r) => r.subject)).toEqual(['Hello 1']);
  });

  it('stores a message it cannot send as written failed at once, with why, in the committed change, and never sends it', async () => {
    const deps = await makeDeps();
    const refused: [OutgoingMail, RegExp][] = [
      [message(1, { subject: 'Hello\r\nBcc: everyone@example.org' }), /subject/],
      [message(2, { subject: 'Hello\nthere' }), /subject/],
      [message(3, { subject: 'Tab\tand bell\u0007' }), /subject/],
      [message(4, { subject: `Receipt ${'R2026-000123 '.repeat(300)}` }), /subject is too long for a header/],
      [message(5, { headers: { 'List-Unsubscribe': '<https://x.example>\r\nBcc: a@example.org' } }), /headers/],
      [message(6, { headers: { Bcc: 'everyone@example.org' } }), /headers/],
      [message(7, { headers: { 'Bad Name': 'x' } }), /headers/],
      [message(8, { to: 'not an address' }), /to/],
      [message(9, { to: 'a@example.org\r\nRCPT TO:<b@example.org>' }), /to/],
      [message(10, { html: 'a\u0000b' }), /html/],
    ];
    runWorker(deps);
    for (const [m] of refused) {
      // The change that queues it commits as if the mail had been queued.
      const answer = await deps.db.transaction().execute(async (trx) => {
        const queued = await enqueueMail(trx, deps, m);
        await trx.insertInto('audit_events').values(auditRow()).execute();
        return queued;
      });
      expect(answer.queued).toBe(false);
    }
    const changes = await deps.db.selectFrom('audit_events').select('id').where('action', '=', 'test.change').execute();
    expect(changes).toHaveLength(refused.length);
    const stored = await rows();
    expect(stored).toHaveLength(refused.length);
    for (const [i, row] of stored.entries()) {
      expect(row).toMatchObject({ status: 'failed', attempts: 0, headers: {} });
      expect(row.lastError).toMatch(/^Not sendable as written: /);
      expect(row.lastError).toMatch(refused[i]![1]);
      // What it keeps is on one line and storable.
      expect(row.subject.length).toBeLessThanOrEqual(998);
      for (const value of [row.subject, row.toAddress, row.lastError ?? ''])
        expect([...value].some((c) => c.charCodeAt(0) < 0x20)).toBe(false);
    }
    // Never claimed, never sent.
    expect(await claimDue(database.db, new Date(clock.getTime() + 2 * GIVE_UP_AFTER_MS), 50)).toEqual([]);
    await enqueue(deps, message(11));
    await waitFor(() => smtp.received.length === 1, { what: 'the good mail' });
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual(['Hello 11']);
    // A second occasion of the same message with its dedupe key adds nothing.
    const keyed = message(12, { subject: 'x'.repeat(1000), dedupeKey: 'gift:43:receipt' });
    await enqueue(deps, keyed);
    expect(await enqueue(deps, keyed)).toMatchObject({ queued: false });
    expect((await rows()).filter((row) => row.dedupeKey === 'gift:43:receipt')).toHaveLength(1);
  });

  it('stores a message whose template fails to render failed, without failing the change', async () => {
    const deps = await makeDeps();
    const Broken = (): never => {
      throw new Error('the template broke');
    };
    const answer = await deps.db.transaction().execute((trx) =>
      queueMail(trx, deps, {
        kind: 'test.broken',
        to: 'donor@example.org',
        language: 'en',
        subject: 'Broken',
        body: createElement(Broken),
      }),
    );
    expect(answer.queued).toBe(false);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 0, subject: 'Broken' });
    expect(row!.lastError).toMatch(/the template broke/);
  });

  it('retries while the SMTP server refuses, 1 then 2 minutes apart, and delivers each of 50 rows once when it accepts', async () => {
    const deps = await makeDeps();
    for (let i = 0; i < 50; i++) await enqueue(deps, message(i));
    const started = clock.getTime();
    smtp.refuseNext(Number.POSITIVE_INFINITY);
    runWorker(deps, { batch: 10 });
    await waitForRows('a first refused attempt for every row', (r) =>
      r.every((row) => row.status === 'queued' && row.attempts === 1),
    );
    for (const row of await rows()) {
      expect(row.dueAt.getTime()).toBe(started + MINUTE);
      expect(row.lastError).toMatch(/451/);
    }
    expect(smtp.received).toHaveLength(0);

    advance(MINUTE);
    await waitForRows('a second refused attempt for every row', (r) =>
      r.every((row) => row.status === 'queued' && row.attempts === 2),
    );
    for (const row of await rows()) expect(row.dueAt.getTime()).toBe(started + 3 * MINUTE);

    smtp.accept();
    advance(2 * MINUTE);
    await waitForRows('every row to be sent', (r) => r.every((row) => row.status === 'sent'));
    const ids = smtp.received.map((m) => m.parsed.messageId);
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
    expect(new Set(ids)).toEqual(new Set((await rows()).map((r) => r.messageId)));
    expect((await rows()).every((r) => r.attempts === 3)).toBe(true);
  });

  it('retries while the SMTP server is down and delivers when it comes back', async () => {
    const deps = await makeDeps();
    await smtp.down();
    let isDown = true;
    cleanups.push(async () => {
      if (isDown) await smtp.up();
    });
    for (let i = 0; i < 5; i++) await enqueue(deps, message(i));
    runWorker(deps);
    await waitForRows('a failed attempt for every row', (r) =>
      r.every((row) => row.status === 'queued' && row.attempts === 1 && row.lastError !== null),
    );
    await smtp.up();
    isDown = false;
    advance(MINUTE);
    await waitForRows('every row to be sent', (r) => r.every((row) => row.status === 'sent'));
    expect(smtp.received).toHaveLength(5);
  });

  it('sends again a row left sending by a worker that died, once its lease has run out', async () => {
    const deps = await makeDeps();
    const queued = await enqueue(deps, message(1));
    // A worker claims the row and dies before sending.
    expect(await claimDue(deps.db, clock, 10)).toHaveLength(1);
    runWorker(deps);
    await enqueue(deps, message(2));
    await waitFor(() => smtp.received.length === 1, { what: 'the second mail' });
    expect((await rows()).find((r) => r.id === queued.id)).toMatchObject({ status: 'sending', attempts: 1 });

    advance(LEASE_MS + 1000);
    await waitForRows('the abandoned row to be sent', (r) => r.every((row) => row.status === 'sent'));
    expect(smtp.received.map((m) => m.parsed.messageId).sort()).toEqual(
      [queued.messageId, (await rows()).find((r) => r.id !== queued.id)!.messageId].sort(),
    );
    expect((await rows()).find((r) => r.id === queued.id)?.attempts).toBe(2);
  });

  it('gives up after 24 hours of failures, keeping the last error, with waits of 1, 2, 4 … minutes capped at an hour', async () => {
    const deps = await makeDeps();
    const queued = await enqueue(deps, message(1));
    const created = clock.getTime();
    smtp.refuseNext(Number.POSITIVE_INFINITY);
    runWorker(deps);
    const waits: number[] = [];
    for (let attempt = 1; ; attempt++) {
      const row = await waitFor(
        async () => {
          const r = (await rows())[0]!;
          return r.attempts === attempt && r.status !== 'sending' ? r : null;
        },
        { what: `attempt ${attempt} to fail` },
      );
      if (row!.status === 'failed') break;
      waits.push(row!.dueAt.getTime() - clock.getTime());
      clock = row!.dueAt;
    }
    expect(waits.slice(0, 8)).toEqual([1, 2, 4, 8, 16, 32, 60, 60].map((m) => m * MINUTE));
    expect(waits.every((w, i) => w === retryDelayMs(i + 1))).toBe(true);
    const [row] = await rows();
    expect(row).toMatchObject({ id: queued.id, status: 'failed', leaseUntil: null });
    expect(row!.lastError).toMatch(/451/);
    expect(clock.getTime() - created).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
    expect(clock.getTime() - created).toBeLessThan(GIVE_UP_AFTER_MS + 60 * MINUTE);
    expect(smtp.received).toHaveLength(0);
  }, 60_000);

  it('hands back, on stop, the rows it claimed but did not start', async () => {
    const deps = await makeDeps();
    for (let i = 0; i < 5; i++) await enqueue(deps, message(i));
    const before = smtp.arrivals();
    const open = smtp.hold();
    cleanups.push(open);
    const stop = runWorker(deps, { batch: 5, concurrency: 1, stopGraceMs: 50 });
    await waitFor(() => smtp.arrivals() === before + 1, { what: 'the first send to reach the server' });
    await stop();
    const after = await rows();
    expect(after.filter((r) => r.status === 'sending')).toHaveLength(1);
    const back = after.filter((r) => r.status === 'queued');
    expect(back).toHaveLength(4);
    for (const row of back) expect(row).toMatchObject({ attempts: 0, leaseUntil: null });
    open();
    await waitForRows(
      'the send in flight to be recorded',
      (r) => r.filter((row) => row.status === 'sent').length === 1,
    );
    expect(smtp.received).toHaveLength(1);
  });

  it('signs with DKIM when the DKIM variables are set', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dkim-'));
    const keyFile = path.join(dir, 'dkim.pem');
    fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const deps = await makeDeps({
      DKIM_DOMAIN: 'foundation.example.org',
      DKIM_SELECTOR: 'mail2026',
      DKIM_PRIVATE_KEY_FILE: keyFile,
    });
    await enqueue(deps, message(1));
    runWorker(deps);
    await waitFor(() => smtp.received.length === 1, { what: 'the signed mail' });
    const signature = smtp.received[0]!.parsed.headerLines.find((h) => h.key === 'dkim-signature')?.line ?? '';
    expect(signature).toMatch(/d=foundation\.example\.org/);
    expect(signature).toMatch(/s=mail2026/);
  });

  it('keeps each message as an .eml file in DATA_DIR/mail without SMTP_URL, and never sends it again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-files-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const deps = await makeDeps({ SMTP_URL: '', PUBLIC_URL: '', MAIL_FROM: '', MAIL_REPLY_TO: '', DATA_DIR: dataDir });
    expect(deps.config.mail.from).toMatch(/<no-reply@localhost>$/);
    for (let i = 0; i < 3; i++) await enqueue(deps, message(i));
    const stop = runWorker(deps);
    const folder = path.join(dataDir, 'mail');
    const files = await waitFor(
      () => {
        const names = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
        return names.length === 3 && names.every((n) => n.endsWith('.eml')) ? names.sort() : null;
      },
      { what: 'three .eml files' },
    );
    await waitForRows('the rows to be marked sent', (r) => r.every((row) => row.status === 'sent'));
    await stop();
    const all = await rows();
    expect(files).toEqual(all.map((r) => `${r.id}.eml`).sort());
    for (const row of all) {
      const parsed = await simpleParser(fs.readFileSync(path.join(folder, `${row.id}.eml`)));
      expect(parsed.messageId).toBe(row.messageId);
      expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe(row.toAddress);
      expect(parsed.subject).toBe(row.subject);
      expect(parsed.text?.trim()).toBe(row.text);
      expect(parsed.html).toContain(row.html);
      expect(parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe(
        `List-Unsubscribe: ${UNSUBSCRIBE}`,
      );
      expect(row.lastError).toContain(path.join(folder, `${row.id}.eml`));
    }
    // Setting SMTP_URL later: a worker over SMTP finds nothing to send.
    const smtpDeps = await makeDeps();
    expect(await claimDue(smtpDeps.db, new Date(clock.getTime() + 48 * 60 * MINUTE), 100)).toEqual([]);
    expect(smtp.received).toHaveLength(0);
  });

  it.runIf(kind === 'postgres')('delivers each of 200 rows exactly once with two workers on one database', async () => {
    const second = openPostgres(database.url!, { max: 4 });
    cleanups.push(() => second.close());
    const a = await makeDeps();
    const b = await makeDeps({}, second);
    for (let i = 0; i < 200; i++) await enqueue(i % 2 ? a : b, message(i));
    runWorker(a, { batch: 7 });
    runWorker(b, { batch: 7 });
    await waitForRows('every row to be sent', (r) => r.every((row) => row.status === 'sent'), 30_000);
    const ids = smtp.received.map((m) => m.parsed.messageId);
    expect(ids).toHaveLength(200);
    expect(new Set(ids).size).toBe(200);
    expect((await rows()).every((r) => r.attempts === 1)).toBe(true);
  });
});

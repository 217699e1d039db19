/**
 * The outbox's promises under faults, end to end: the SMTP server down for a minute while 500
 * mails are due (each arrives once it is back), and the server process killed with SIGKILL while
 * mails are being sent (after a restart every mail arrives, and the only duplicates are the
 * messages that had reached the SMTP server when the process died). On both engines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTokenSigner } from '../../server/auth/tokens';
import { createDeps } from '../../server/bootstrap';
import { type DatabaseHandle, openPglite, openPostgres } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrator';
import type { Deps } from '../../server/deps';
import { enqueueMail, type OutgoingMail } from '../../server/mail/outbox';
import { createMailTransport } from '../../server/mail/transport';
import { startMailWorker } from '../../server/mail/worker';
import { TEST_SECRET, testConfig } from '../helpers/app';
import { type DatabaseKind, freshDatabase, scratchDatabase, testDatabases } from '../helpers/databases';
import { exited, freePort, startTs, waitForReady } from '../helpers/processes';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const SITE = {
  PUBLIC_URL: 'https://foundation.example.org',
  MAIL_FROM: 'Arewa Foundation <no-reply@foundation.example.org>',
};
const MINUTE = 60_000;

const message = (i: number): OutgoingMail => ({
  kind: 'test.fault',
  to: `reader${i}@example.org`,
  language: 'en',
  subject: `Mail ${i}`,
  html: `<p>Mail ${i}</p>`,
  text: `Mail ${i}`,
});

async function queueMany(deps: Deps, count: number) {
  await deps.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) await enqueueMail(trx, deps, message(i));
  });
}

/** Message-IDs received, and how many arrived more than once. */
function tally(smtp: TestSmtp) {
  const ids = smtp.received.map((m) => m.parsed.messageId ?? '');
  return { distinct: new Set(ids).size, duplicates: ids.length - new Set(ids).size };
}

describe.each(testDatabases())('mail under faults on %s', (kind: DatabaseKind) => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.stop();
  });

  it('delivers each of 500 due mails once after the SMTP server was down for a minute', async () => {
    const database = await freshDatabase(kind);
    let clock = new Date('2026-11-25T09:00:00Z');
    const now = () => clock;
    const deps = await createDeps(
      database,
      // The provider's limit is not what is tested here.
      testConfig({ SMTP_URL: smtp.url, MAIL_PER_MINUTE: '100000', ...SITE }),
      createTokenSigner(TEST_SECRET, 12, now),
      now,
    );
    const transport = createMailTransport(deps.config);
    smtp.received.length = 0;
    await smtp.down();
    const stop = startMailWorker(deps, transport, log, { pollMs: 20 });
    try {
      await queueMany(deps, 500);
      // Every mail tried and its failure recorded (none still being sent): all are due a minute on.
      const notYetFailed = () =>
        database.db
          .selectFrom('mail_outbox')
          .select('id')
          .where((eb) => eb.or([eb('attempts', '=', 0), eb('status', '<>', 'queued')]))
          .execute();
      await waitFor(async () => (await notYetFailed()).length === 0, {
        what: 'a failed attempt for every mail',
        timeoutMs: 60_000,
      });
      expect(smtp.received).toHaveLength(0);

      // A minute later the server is back, and the retries are due.
      await smtp.up();
      clock = new Date(clock.getTime() + MINUTE);
      await waitFor(() => smtp.received.length >= 500, { what: '500 mails to arrive', timeoutMs: 60_000 });
      // The server has the last mail before the worker hears its 250 and marks the row sent.
      const unsent = () => database.db.selectFrom('mail_outbox').select('id').where('status', '<>', 'sent').execute();
      await waitFor(async () => (await unsent()).length === 0, { what: 'every row marked sent', timeoutMs: 10_000 });
      expect(tally(smtp)).toEqual({ distinct: 500, duplicates: 0 });
    } finally {
      await stop();
      transport.close();
      await deps.publicDataVersion.close();
      await database.close();
    }
  }, 120_000);

  it('sends every queued mail after the server is killed mid-batch, duplicating at most what was in flight', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-mail-kill-'));
    const scratch = kind === 'postgres' ? await scratchDatabase(inject('postgresUrl')!, 'mailkill') : null;
    const open = (): Promise<DatabaseHandle> =>
      scratch ? Promise.resolve(openPostgres(scratch.url, { max: 2 })) : openPglite(dataDir);
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      JWT_SECRET: 'a-secret-for-this-test-that-is-long-enough',
      ADMIN_EMAIL: 'admin@example.org',
      ADMIN_PASSWORD: 'correct horse battery staple',
      SMTP_URL: smtp.url,
      MAIL_PER_MINUTE: '100000',
      ...SITE,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };
    const total = 300;
    smtp.received.length = 0;

    // The mails are queued before the server starts (PGlite: one process holds the files at a time).
    let handle = await open();
    await migrateToLatest(handle.db);
    const deps = await createDeps(handle, testConfig(SITE), createTokenSigner(TEST_SECRET, 12), () => new Date());
    await queueMany(deps, total);
    await deps.publicDataVersion.close();
    await handle.close();

    const release = smtp.hold();
    const arrivedBefore = smtp.arrivals();
    const first = startTs('server/main.ts', env);
    let inFlight = 0;
    try {
      await waitForReady(`http://127.0.0.1:${port}`, first.child, first.output);
      await waitFor(() => smtp.arrivals() > arrivedBefore, { what: 'a mail in flight', timeoutMs: 30_000 });
    } finally {
      first.child.kill('SIGKILL');
      await exited(first.child);
      inFlight = smtp.arrivals() - arrivedBefore;
      // What the dead process had sent now completes at the SMTP server: the possible duplicates.
      release();
    }
    expect(inFlight).toBeGreaterThan(0);

    // The rows the dead process had claimed wait for their lease to run out: moved, not waited for.
    handle = await open();
    const claimed = await handle.db
      .updateTable('mail_outbox')
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where('status', '=', 'sending')
      .executeTakeFirst();
    expect(Number(claimed.numUpdatedRows)).toBeGreaterThanOrEqual(inFlight);
    await handle.close();

    const second = startTs('server/main.ts', env);
    try {
      await waitForReady(`http://127.0.0.1:${port}`, second.child, second.output);
      await waitFor(() => tally(smtp).distinct === total, { what: `all ${total} mails to arrive`, timeoutMs: 60_000 });
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
    handle = await open();
    try {
      const rows = await handle.db.selectFrom('mail_outbox').select('status').execute();
      expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
    } finally {
      await handle.close();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(tally(smtp).duplicates).toBeLessThanOrEqual(inFlight);
  }, 180_000);
});

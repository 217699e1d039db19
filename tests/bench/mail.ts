/**
 * The mail row of npm run bench: 10,000 queued messages delivered by the real worker
 * (server/mail/worker.ts, its default batch and concurrency, MAIL_PER_MINUTE out of the way) to a
 * local SMTP server (tests/helpers/smtp.ts, counting only), as mails per second and the growth of
 * this process's memory from just before the run: RSS at its peak during the run, and the heap
 * left after it (collected, so garbage not yet freed does not count). The baseline, in the same run: the same messages sent
 * straight through the same transport, three at a time (its pool's connections), with no database. It runs in this process,
 * on this checkout's code (not `--root`'s).
 *
 * `npx tsx tests/bench/mail.ts` runs this row alone (PostgreSQL too when BENCH_DATABASE_URL is set).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createTokenSigner } from '../../server/auth/tokens';
import { createDeps } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrator';
import { enqueueMail, type OutboxRow } from '../../server/mail/outbox';
import { createMailTransport } from '../../server/mail/transport';
import { startMailWorker } from '../../server/mail/worker';
import { scratchDatabase } from '../helpers/databases';
import { startSmtp } from '../helpers/smtp';
import type { BenchRow, Kind } from './rows';

const MAILS = 10_000;
const GOAL = { perSecond: 200, growthMb: 100 };
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const mb = (bytes: number) => bytes / 1024 / 1024;
const signedMb = (bytes: number) => `${bytes < 0 ? '−' : '+'}${Math.abs(mb(bytes)).toFixed(0)} MB`;

/** A message of a realistic size: a receipt's HTML (about 6 kB) and text. */
const mail = (i: number) => ({
  kind: 'bench.receipt',
  to: `donor${i}@example.org`,
  language: 'en' as const,
  subject: `Receipt R2026-${String(i).padStart(6, '0')}: thank you for your gift`,
  html: `<!DOCTYPE html><html lang="en"><body>${'<p style="margin:0 0 16px;font-family:Arial,sans-serif">We received your gift of ₦5,000 for “Clean water for Kano”. Thank you!</p>'.repeat(40)}</body></html>`,
  text: 'We received your gift of ₦5,000 for “Clean water for Kano”. Thank you!\n\n'.repeat(12),
  headers: { 'List-Unsubscribe': `<https://foundation.example.org/u/${i}>` },
});

async function openDatabase(kind: Kind, dataDir: string) {
  if (kind === 'pglite') return { handle: await openPglite(path.join(dataDir, 'db')), drop: async () => {} };
  const scratch = await scratchDatabase(process.env.BENCH_DATABASE_URL!, 'benchmail');
  return { handle: openPostgres(scratch.url) as DatabaseHandle, drop: scratch.drop };
}

export async function mailBench(kind: Kind): Promise<BenchRow> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mail-'));
  const smtp = await startSmtp({ keep: false });
  const { handle, drop } = await openDatabase(kind, dataDir);
  try {
    await migrateToLatest(handle.db);
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Arewa Foundation <no-reply@foundation.example.org>',
      PUBLIC_URL: 'https://foundation.example.org',
      MAIL_PER_MINUTE: '100000',
      LOG_LEVEL: 'silent',
    });
    const now = () => new Date();
    const deps = await createDeps(handle, config, createTokenSigner('x'.repeat(32), 1, now), now);
    try {
      for (let i = 0; i < MAILS; i += 500) {
        await deps.db.transaction().execute(async (trx) => {
          for (let j = i; j < Math.min(MAILS, i + 500); j++) await enqueueMail(trx, deps, mail(j));
        });
      }

      // The worker, with the memory it grows to while it runs.
      const arrivedBefore = smtp.arrivals();
      gc();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 50);
      const transport = createMailTransport(config);
      const started = performance.now();
      const stop = startMailWorker(deps, transport, log);
      const sentCount = async () =>
        Number(
          (
            await deps.db
              .selectFrom('mail_outbox')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('status', '=', 'sent')
              .executeTakeFirstOrThrow()
          ).n,
        );
      while (smtp.arrivals() - arrivedBefore < MAILS) await new Promise((r) => setTimeout(r, 20));
      while ((await sentCount()) < MAILS) await new Promise((r) => setTimeout(r, 20));
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      await stop();
      transport.close();
      // What the run left behind, garbage aside.
      gc();
      const heapAfter = process.memoryUsage().heapUsed;

      // Baseline: the same rows (all sent now) through the same transport, no outbox.
      const rows = await deps.db.selectFrom('mail_outbox').selectAll().execute();
      const direct = createMailTransport(config);
      const directStart = performance.now();
      const queue: OutboxRow[] = [...rows];
      await Promise.all(
        Array.from({ length: 3 }, async () => {
          for (let row = queue.shift(); row; row = queue.shift()) await direct.send(row);
        }),
      );
      const baselineRate = MAILS / ((performance.now() - directStart) / 1000);
      direct.close();

      const rate = MAILS / seconds;
      const rssGrowth = peakRss - before.rss;
      const heapGrowth = heapAfter - before.heapUsed;
      return {
        measure: `Mail: ${MAILS.toLocaleString('en')} queued mails delivered by the worker over SMTP`,
        kind,
        project: `${rate.toFixed(0)} mails/s; RSS ${mb(before.rss).toFixed(0)} MB, peak ${signedMb(rssGrowth)}; heap after GC ${signedMb(heapGrowth)}`,
        baseline: `${baselineRate.toFixed(0)} mails/s straight through the transport`,
        ratio: (rate / baselineRate).toFixed(2),
        p99: '',
        goal: `≥ ${GOAL.perSecond} mails/s, growth < ${GOAL.growthMb} MB`,
        met: rate >= GOAL.perSecond && mb(rssGrowth) < GOAL.growthMb && mb(heapGrowth) < GOAL.growthMb ? 'yes' : 'NO',
      };
    } finally {
      await deps.publicDataVersion.close();
    }
  } finally {
    await handle.close();
    await drop();
    await smtp.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const kinds: Kind[] = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) console.log(JSON.stringify(await mailBench(kind)));
  process.exit(0);
}

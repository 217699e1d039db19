/**
 * The edition row of npm run bench: an edition in English and Hausa sent to 20,000 confirmed
 * subscribers, the way the site does it, in this process and on this checkout's code (not
 * `--root`'s):
 * - queueing: sendEdition (newsletter/editions/sending.ts) renders the edition into its mail batch,
 *   then advanceEditions queues one outbox row per subscriber, QUEUE_BATCH at a time, until all are queued;
 * - delivering: the real mail worker (mail/worker.ts, its default batch and concurrency,
 *   MAIL_PER_MINUTE at its highest so the throttle is out of the way) sends them to a local SMTP
 *   server (tests/helpers/smtp.ts, counting only), as mails per second; the memory this process
 *   grows by from just before the send as mail.ts measures it: RSS at its peak, heap after a
 *   collection once it is over;
 * - the baseline, in the same run: the same messages (their batch body filled in, in memory) sent
 *   straight through the same transport, three at a time, with no database;
 * - the public site meanwhile: the app (server/app.ts) listens on the same database and deps,
 *   the pages rendered by the client's own renderer (the built one in dist/ when there is a build,
 *   otherwise from source), and a load generator in a process of its own asks for /, /campaigns,
 *   a campaign's JSON and /newsletter at a steady rate (not flat out: the question is how long a
 *   visitor waits while a send runs, not how many requests the machine can take). Its p99 while
 *   idle, and while a second edition to the same 20,000 goes out as the site sends it: the
 *   edition sender and the mail worker running at the default MAIL_PER_MINUTE (600), over its
 *   first PACED_SECONDS (the start, which renders the edition and makes every cached page new,
 *   the first queue-ahead and steady delivery). The goal: that p99 within 2× of idle. The p99
 *   during the flat-out queueing and delivery above is shown too, for what it is: a send with the
 *   throttle out of the way, which no site runs.
 *
 * `npx tsx tests/bench/editions.ts` runs this row alone (PostgreSQL too when BENCH_DATABASE_URL is set).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../../server/app';
import { SYSTEM } from '../../server/audit/audit';
import { createTokenSigner } from '../../server/auth/tokens';
import { createDeps } from '../../server/bootstrap';
import { createCampaign } from '../../server/campaigns/service';
import { loadConfig } from '../../server/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrator';
import { batchBodies } from '../../server/mail/batches';
import type { OutboxRow } from '../../server/mail/outbox';
import { createMailTransport } from '../../server/mail/transport';
import { startMailWorker } from '../../server/mail/worker';
import { advanceEditions, sendEdition, startEditionSender } from '../../server/newsletter/editions/sending';
import { createEdition } from '../../server/newsletter/editions/service';
import type { PageRenderer } from '../../server/pages';
import { campaignInput } from '../../shared/schemas/campaign';
import { editionInput } from '../../shared/schemas/editions';
import { builtClient } from '../helpers/built-client';
import { scratchDatabase } from '../helpers/databases';
import { startSmtp } from '../helpers/smtp';
import type { BenchRow, Kind } from './rows';

const SUBSCRIBERS = 20_000;
/** Messages of the baseline: enough for a steady rate, few enough to keep the row short. */
const BASELINE_MAILS = 5_000;
const GOAL = { perSecond: 200, growthMb: 100, p99Ratio: 2 };
/** The visitors: each page asked for at this many requests a second, over this many connections. */
const LOAD = { perPage: 25, connections: 2 };
const IDLE_SECONDS = 8;
/**
 * How long the public pages are watched while an edition goes out at the site's own pace: the
 * start (rendering the edition, and publishing it, which renews every cached page as any change
 * to a campaign does) and a minute and more of steady sending. A whole send at this pace lasts
 * over half an hour; a window of its start alone would weigh the start far beyond its share.
 */
const PACED_SECONDS = 90;
/** The site's default MAIL_PER_MINUTE. */
const PACE = 600;
/** Longest a phase may take before the row gives up (a stuck send is a failure, not a hang). */
const PHASE_LIMIT_MS = 150_000;
const PUBLIC_URL = 'https://foundation.example.org';
const ROOT = path.resolve(import.meta.dirname, '../..');
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const mb = (bytes: number) => bytes / 1024 / 1024;
const signedMb = (bytes: number) => `${bytes < 0 ? '−' : '+'}${Math.abs(mb(bytes)).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An edition of a realistic length in both languages, with an uploaded photograph and links. */
const edition = (campaignId: string) =>
  editionInput.parse({
    subject: 'November at the foundation: water, classrooms and thanks',
    subjectHa: 'Nuwamba a gidauniyar: ruwa, azuzuwa da godiya',
    body: [
      '# Clean water reached Dala',
      'Thanks to **you**, the borehole in Dala now serves 2,400 people. [Read the report](https://foundation.example.org/campaigns).',
      '',
      '![The new borehole](/api/uploads/borehole.jpg)',
      '',
      '## What comes next',
      ...Array.from(
        { length: 6 },
        (_, i) => `- Step ${i + 1}: a classroom roof, desks and books for the pupils of Gwale.`,
      ),
      '',
      '> "Our children no longer walk an hour for water." A mother in Dala',
      '',
      'Questions? Write to [info@foundation.example.org](mailto:info@foundation.example.org).',
      '',
      'A realistic paragraph about the projects of the month, the volunteers and the partners. '.repeat(8),
    ].join('\n'),
    bodyHa: [
      '# Ruwa mai tsafta ya isa Dala',
      'Godiya gare **ku**, rijiyar Dala yanzu tana hidima ga mutane 2,400. [Karanta rahoton](https://foundation.example.org/ha/campaigns).',
      '',
      '![Sabuwar rijiya](/api/uploads/borehole.jpg)',
      '',
      ...Array.from(
        { length: 6 },
        (_, i) => `- Mataki na ${i + 1}: rufin aji, tebura da littattafai ga daliban Gwale.`,
      ),
      '',
      'Sakin layi game da ayyukan wata, masu aikin sa kai da abokan hulɗa. '.repeat(8),
    ].join('\n'),
    campaignId,
  });

async function openDatabase(kind: Kind, dataDir: string) {
  if (kind === 'pglite') return { handle: await openPglite(path.join(dataDir, 'db')), drop: async () => {} };
  const scratch = await scratchDatabase(process.env.BENCH_DATABASE_URL!, 'benchedition');
  return { handle: openPostgres(scratch.url) as DatabaseHandle, drop: scratch.drop };
}

/** The page renderer: the build's when there is one, otherwise the client's source with a stand-in page template. */
async function pageRenderer(): Promise<{ staticDir: string; renderer: PageRenderer; built: boolean }> {
  const dist = path.join(ROOT, 'dist');
  const rendererFile = path.join(dist, 'ssr', 'entry-server.js');
  if (fs.existsSync(path.join(dist, 'client', 'index.html')) && fs.existsSync(rendererFile)) {
    const renderer = (await import(pathToFileURL(rendererFile).href)) as PageRenderer;
    return { staticDir: path.join(dist, 'client'), renderer, built: true };
  }
  const renderer = (await import('../../client/entry-server')) as PageRenderer;
  return { staticDir: builtClient(), renderer, built: false };
}

interface PageLoad {
  name: string;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  failed: number;
}

/**
 * The load generator, in a process of its own so that its work is not this process's: one
 * autocannon per page at a steady rate until told to stop, then the latencies of each.
 */
const LOAD_SCRIPT = `
import autocannon from 'autocannon';
const { targets, connections, perPage } = JSON.parse(process.env.BENCH_LOAD);
const runs = targets.map((t) => new Promise((resolve) => {
  const instance = autocannon({ url: t.url, headers: t.headers, connections, overallRate: perPage, duration: 3600 },
    (error, result) => resolve({ name: t.name, error, result }));
  process.on('message', () => instance.stop());
}));
process.send('ready');
const results = await Promise.all(runs);
process.send(results.map(({ name, error, result }) => ({
  name,
  p50: result?.latency.p50 ?? NaN,
  p99: result?.latency.p99 ?? NaN,
  max: result?.latency.max ?? NaN,
  requests: result?.requests.total ?? 0,
  failed: error ? -1 : (result?.non2xx ?? 0) + (result?.errors ?? 0) + (result?.timeouts ?? 0),
})));
process.disconnect();
`;

/** Starts the visitors on the pages; the answered function stops them and answers what they saw. */
async function startVisitors(
  targets: { name: string; url: string; headers: Record<string, string> }[],
): Promise<() => Promise<PageLoad[]>> {
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', LOAD_SCRIPT], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', BENCH_LOAD: JSON.stringify({ targets, ...LOAD }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const messages: unknown[] = [];
  let notify: (() => void) | undefined;
  child.on('message', (message) => {
    messages.push(message);
    notify?.();
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      const check = () => {
        if (messages.length > 0) resolve(messages.shift());
        else if (child.exitCode !== null) reject(new Error(`the load generator exited (${child.exitCode})`));
        else notify = check;
      };
      child.once('exit', () => notify?.());
      check();
    });
  await next(); // ready
  return async () => {
    child.send('stop');
    const results = (await next()) as PageLoad[];
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    return results;
  };
}

/** Waits for `done` to hold, polling; fails after PHASE_LIMIT_MS. */
async function until(what: string, done: () => Promise<boolean> | boolean) {
  const limit = performance.now() + PHASE_LIMIT_MS;
  while (!(await done())) {
    if (performance.now() > limit) throw new Error(`${what}: not done after ${PHASE_LIMIT_MS / 1000} s`);
    await sleep(20);
  }
}

export async function editionsBench(kind: Kind): Promise<BenchRow> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-edition-'));
  const smtp = await startSmtp({ keep: false });
  const { handle, drop } = await openDatabase(kind, dataDir);
  try {
    await migrateToLatest(handle.db);
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Arewa Foundation <no-reply@foundation.example.org>',
      PUBLIC_URL,
      ALLOWED_HOSTS: 'foundation.example.org,127.0.0.1',
      // Its highest: 100,000 a minute is more than this run sends in one.
      MAIL_PER_MINUTE: '100000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      FORM_RATE_LIMIT_PER_MINUTE: '1000000',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    });
    const now = () => new Date();
    const deps = await createDeps(handle, config, createTokenSigner('x'.repeat(32), 1, now), now);
    const pages = await pageRenderer();
    const app = await buildApp(deps, { staticDir: pages.staticDir, renderer: pages.renderer });
    try {
      // The list: confirmed and active, two in three English, one in three Hausa.
      await sql`insert into newsletter_subscriptions (id, email, status, language, subscription_date, updated_at, confirmed_at)
        select gen_random_uuid(), 'reader' || g || '@example.org', 'active', case when g % 3 = 0 then 'ha' else 'en' end,
          now() - g * interval '1 minute', now(), now() - g * interval '1 minute'
        from generate_series(1, ${SUBSCRIBERS}) g`.execute(deps.db);
      await sql`analyze`.execute(deps.db);
      const campaign = await createCampaign(
        deps,
        campaignInput.parse({
          title: 'Clean water and classrooms for Dala',
          description: 'A realistic description of a community project in Northern Nigeria. '.repeat(8),
          shortDescription: 'A borehole and three classrooms.',
          target: 5_000_000,
          amountRaised: 1_250_000,
          location: 'Kano',
          category: 'Water',
          image: '/api/uploads/borehole.jpg',
        }),
        SYSTEM,
      );
      const created = await createEdition(deps, edition(campaign._id), SYSTEM);

      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const targets = [
        { name: '/', url: `${address}/`, headers: { accept: 'text/html' } },
        { name: '/campaigns', url: `${address}/campaigns`, headers: { accept: 'text/html' } },
        {
          name: 'GET /campaigns/{id} (JSON)',
          url: `${address}/campaigns/${campaign._id}`,
          headers: { accept: 'application/json' },
        },
        { name: '/newsletter', url: `${address}/newsletter`, headers: { accept: 'text/html' } },
      ];
      for (const target of targets) {
        for (let i = 0; i < 20; i++) {
          const res = await fetch(target.url, { headers: target.headers });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${target.name} answered ${res.status}`);
        }
      }

      // Idle: the site with nothing being sent.
      let stopVisitors = await startVisitors(targets);
      await sleep(IDLE_SECONDS * 1000);
      const idle = await stopVisitors();

      // Queueing, with the memory it and the delivery grow to.
      gc();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 50);
      stopVisitors = await startVisitors(targets);
      const queueStarted = performance.now();
      await sendEdition(deps, { id: created.data.id }, SYSTEM);
      await until('queueing', async () => {
        await advanceEditions(deps);
        const row = await deps.db
          .selectFrom('newsletter_editions')
          .select('queuedAllAt')
          .where('id', '=', created.data.id)
          .executeTakeFirstOrThrow();
        return row.queuedAllAt !== null;
      });
      const queueSeconds = (performance.now() - queueStarted) / 1000;
      const queuing = await stopVisitors();
      const peakRssQueueing = peakRss;
      const outboxRows = async (status?: OutboxRow['status']) => {
        let query = deps.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('batchId', '=', created.data.id);
        if (status) query = query.where('status', '=', status);
        return Number((await query.executeTakeFirstOrThrow()).n);
      };
      const queued = await outboxRows();
      if (queued !== SUBSCRIBERS) throw new Error(`${queued} messages queued for ${SUBSCRIBERS} subscribers`);

      // Delivering: the worker, as the site runs it.
      stopVisitors = await startVisitors(targets);
      const arrivedBefore = smtp.arrivals();
      const transport = createMailTransport(config);
      const deliverStarted = performance.now();
      const stopWorker = startMailWorker(deps, transport, log);
      await until('delivery', () => smtp.arrivals() - arrivedBefore >= SUBSCRIBERS);
      await until('recording the delivery', async () => (await outboxRows('sent')) >= SUBSCRIBERS);
      const deliverSeconds = (performance.now() - deliverStarted) / 1000;
      const delivering = await stopVisitors();
      clearInterval(sampler);
      await stopWorker();
      transport.close();
      await advanceEditions(deps);
      const final = await deps.db
        .selectFrom('newsletter_editions')
        .select(['status', 'finalCounts'])
        .where('id', '=', created.data.id)
        .executeTakeFirstOrThrow();
      if (final.status !== 'sent' || final.finalCounts?.sent !== SUBSCRIBERS) {
        throw new Error(`edition ${final.status} with ${JSON.stringify(final.finalCounts)}`);
      }
      gc();
      const heapAfter = process.memoryUsage().heapUsed;

      // Baseline: the same messages, filled in here, straight through the same transport.
      const rows = await deps.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('batchId', '=', created.data.id)
        .orderBy('id')
        .limit(BASELINE_MAILS)
        .execute();
      const bodyOf = batchBodies(deps.db);
      await bodyOf(rows.find((row) => row.language === 'en')!);
      await bodyOf(rows.find((row) => row.language === 'ha')!);
      const direct = createMailTransport(config);
      const directStart = performance.now();
      const waiting = [...rows];
      await Promise.all(
        Array.from({ length: 3 }, async () => {
          for (let row = waiting.shift(); row; row = waiting.shift()) await direct.send(await bodyOf(row));
        }),
      );
      const baselineRate = rows.length / ((performance.now() - directStart) / 1000);
      direct.close();

      // At the site's own pace: a second edition to the same readers, sent by the sender and the
      // worker as a server runs them, at the default MAIL_PER_MINUTE, the pages watched meanwhile.
      const idleBefore = await (async () => {
        const stop = await startVisitors(targets);
        await sleep(IDLE_SECONDS * 1000);
        return stop();
      })();
      const paced = { ...deps, config: { ...config, mail: { ...config.mail, perMinute: PACE } } };
      const second = await createEdition(paced, edition(campaign._id), SYSTEM);
      const pacedTransport = createMailTransport(config);
      stopVisitors = await startVisitors(targets);
      const stopPacedWorker = startMailWorker(paced, pacedTransport, log);
      const stopSender = startEditionSender(paced, log);
      const pacedArrivals = smtp.arrivals();
      await sendEdition(paced, { id: second.data.id }, SYSTEM);
      await sleep(PACED_SECONDS * 1000);
      const atPace = await stopVisitors();
      await stopSender();
      await stopPacedWorker();
      pacedTransport.close();
      const pacedSent = smtp.arrivals() - pacedArrivals;
      const pacedQueued = await deps.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('batchId', '=', second.data.id)
        .executeTakeFirstOrThrow();

      const rate = SUBSCRIBERS / deliverSeconds;
      const rssGrowth = peakRss - before.rss;
      const heapGrowth = heapAfter - before.heapUsed;
      // Each page's p99 against its own idle p99; the row shows the worst page.
      const at = (phase: PageLoad[], name: string) => phase.find((page) => page.name === name)!;
      const pagesSeen = targets.map(({ name }) => ({
        name,
        idle: at(idle, name),
        queuing: at(queuing, name),
        delivering: at(delivering, name),
        idleBefore: at(idleBefore, name),
        paced: at(atPace, name),
      }));
      const ratioOf = (page: (typeof pagesSeen)[number]) => page.paced.p99 / page.idleBefore.p99;
      const flatOutOf = (page: (typeof pagesSeen)[number]) =>
        Math.max(page.queuing.p99, page.delivering.p99) / page.idle.p99;
      const worst = pagesSeen.reduce((a, b) => (ratioOf(b) > ratioOf(a) ? b : a));
      const worstFlatOut = pagesSeen.reduce((a, b) => (flatOutOf(b) > flatOutOf(a) ? b : a));
      const failedRequests = [idle, queuing, delivering, idleBefore, atPace]
        .flat()
        .reduce((n, page) => n + Math.abs(page.failed), 0);
      const p99Ratio = ratioOf(worst);
      console.log(
        `Edition bench (${kind}, pages ${pages.built ? 'from the build' : 'rendered from source'}): ` +
          `queued in ${queueSeconds.toFixed(1)} s, delivered in ${deliverSeconds.toFixed(1)} s; RSS peak ` +
          `${signedMb(peakRssQueueing - before.rss)} while queueing, ${signedMb(rssGrowth)} in all. ` +
          `${LOAD.perPage} req/s per page over ${LOAD.connections} connections, p50 / p99 / max in ms:`,
      );
      for (const page of pagesSeen) {
        const cell = (load: PageLoad) =>
          `${load.p50} / ${load.p99} / ${load.max} (${load.requests} req, ${load.failed} failed)`;
        console.log(
          `  ${page.name}: idle ${cell(page.idle)}; flat out: queueing ${cell(page.queuing)}, delivering ${cell(page.delivering)}; ` +
            `idle again ${cell(page.idleBefore)}; at ${PACE}/min ${cell(page.paced)}`,
        );
      }
      console.log(
        `  At ${PACE}/min over ${PACED_SECONDS} s: ${pacedSent} delivered, ${pacedQueued.n} queued of ${SUBSCRIBERS}.`,
      );
      return {
        measure: `Edition to ${SUBSCRIBERS.toLocaleString('en')} subscribers (en/ha): queued, then delivered by the worker over SMTP, the public pages under load`,
        kind,
        project: `${rate.toFixed(0)} mails/s (queued in ${queueSeconds.toFixed(1)} s, ${(SUBSCRIBERS / queueSeconds).toFixed(0)}/s); RSS ${mb(before.rss).toFixed(0)} MB, peak ${signedMb(rssGrowth)}; heap after GC ${signedMb(heapGrowth)}`,
        baseline: `${baselineRate.toFixed(0)} mails/s straight through the transport`,
        ratio: (rate / baselineRate).toFixed(2),
        p99: `public p99 while an edition goes out at ${PACE}/min (worst page, ${worst.name}): idle ${worst.idleBefore.p99} ms, sending ${worst.paced.p99} ms (×${p99Ratio.toFixed(2)}); flat out, unthrottled (worst, ${worstFlatOut.name}): ×${flatOutOf(worstFlatOut).toFixed(1)}; ${failedRequests} failed requests`,
        goal: `≥ ${GOAL.perSecond} mails/s, growth < ${GOAL.growthMb} MB, public p99 ≤ ${GOAL.p99Ratio}× idle`,
        met:
          rate >= GOAL.perSecond &&
          mb(rssGrowth) < GOAL.growthMb &&
          mb(heapGrowth) < GOAL.growthMb &&
          p99Ratio <= GOAL.p99Ratio &&
          failedRequests === 0
            ? 'yes'
            : 'NO',
      };
    } finally {
      await app.close();
      await deps.publicDataVersion.close();
      if (!pages.built) fs.rmSync(pages.staticDir, { recursive: true, force: true });
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
  for (const kind of kinds) console.log(JSON.stringify(await editionsBench(kind)));
  process.exit(0);
}

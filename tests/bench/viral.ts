/**
 * The built server (`npm run build` first) as an operator runs it, in a process of its own:
 * - its memory at idle after a first start (demo content on the embedded database, as `npm start`
 *   does) and after a restart, beside a bare Fastify process's;
 * - a viral day: VIRAL_CONNECTIONS (2,000) connections asking for a campaign page (HTML, gzip)
 *   as fast as they are answered, and a trickle of pledges (20/s) through the public REST route,
 *   for VIRAL_SECONDS (60). Reports errors (non-2xx, timeouts, resets), p50 and p99, the server's
 *   memory before and after, and a few lines of its /metrics.
 *
 * The load generator runs in this process, on the same machine as the server: on a small machine
 * the two share the CPU. The request budgets are lifted, as traffic from one address would spend
 * them at once, where a real crowd comes from many.
 *
 * Used by run.ts (npm run bench); `tsx tests/bench/viral.ts` runs it alone (BENCH_DATABASE_URL for
 * PostgreSQL, else the embedded database).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { scratchDatabase } from '../helpers/databases';
import { freePort, waitForReady } from '../helpers/processes';
import type { BenchRow, Kind } from './rows';

const CONNECTIONS = Number(process.env.VIRAL_CONNECTIONS ?? 2000);
const SECONDS = Number(process.env.VIRAL_SECONDS ?? 60);
const PLEDGES_PER_SECOND = 20;
/** The goals of the embedded database at idle, and of a viral day. */
const IDLE_GOAL_MB = { first: 400, restart: 300 };
const VIRAL_GOAL = { p99: 250, growthMb: 150 };

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const verdict = (reached: boolean) => (reached ? 'yes' : 'NO');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process, in bytes (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/** The memory once it settles: no more than 2 MB of change over 2 seconds (at most 20 s). */
export async function settledRss(pid: number): Promise<number> {
  const samples: number[] = [];
  const deadline = Date.now() + 20_000;
  await sleep(2000);
  for (;;) {
    samples.push(rssOf(pid));
    const last = samples.slice(-5);
    if (last.length === 5 && Math.max(...last) - Math.min(...last) <= 2 * 1024 * 1024) return last.at(-1)!;
    if (Date.now() > deadline) return samples.at(-1)!;
    await sleep(500);
  }
}

/** The soft limit on open files that a shell started from here may raise itself to. */
const openFilesLimit = () => Number(execFileSync('sh', ['-c', 'ulimit -Hn']).toString().trim()) || 0;
/** This process's own limit: the load generator's sockets count against it. */
const ownOpenFiles = () => Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim()) || 0;

export interface BuiltServer {
  base: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * `node dist/server/main.js` of `root`, through a shell that raises its open-files limit to the hard
 * limit (each connection is a socket). Its log goes to a file, as it would to the journal.
 */
export async function startBuiltServer(root: string, env: Record<string, string>): Promise<BuiltServer> {
  const main = path.join(root, 'dist/server/main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build in ${root}`);
  const port = await freePort();
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-log-')), 'server.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(
    'sh',
    ['-c', `ulimit -n ${Math.min(openFilesLimit(), 65_536)} 2>/dev/null; exec "$0" "$@"`, process.execPath, main],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', log, log],
    },
  );
  fs.closeSync(log);
  const output = () => fs.readFileSync(logFile, 'utf8');
  const base = `http://127.0.0.1:${port}`;
  await waitForReady(base, child, output, 180_000);
  return {
    base,
    child,
    output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
    },
  };
}

/** A bare Fastify process at idle: what any Node server of this kind costs before its own work. */
async function bareRss(root: string): Promise<number> {
  const script = `import Fastify from 'fastify'; const app = Fastify(); app.get('/', () => 'ok');
    await app.listen({ port: 0, host: '127.0.0.1' }); console.log('up');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout?.once('data', resolve));
  const rss = await settledRss(child.pid!);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return rss;
}

interface Database {
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function freshDatabase(kind: Kind): Promise<Database> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-viral-'));
  const scratch = kind === 'postgres' ? await scratchDatabase(process.env.BENCH_DATABASE_URL!, 'viral') : null;
  return {
    env: scratch ? { DATABASE_URL: scratch.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir },
    async drop() {
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Memory at idle of the built server after its first start and after a restart, as an operator
 * starts it (no ADMIN_* variables, the demo content where `npm start` adds it).
 */
export async function idleMemoryRows(root: string, kind: Kind): Promise<BenchRow[]> {
  const bare = await bareRss(root);
  const database = await freshDatabase(kind);
  const rows: BenchRow[] = [];
  try {
    for (const start of ['first', 'restart'] as const) {
      const server = await startBuiltServer(root, database.env);
      const rss = await settledRss(server.child.pid!);
      await server.stop();
      const goal = kind === 'pglite' ? IDLE_GOAL_MB[start] : undefined;
      rows.push({
        measure:
          start === 'first'
            ? `RSS at idle after the first start${kind === 'pglite' ? ' (demo content)' : ''}`
            : 'RSS at idle after a restart',
        kind,
        project: MB(rss),
        baseline: `${MB(bare)} (bare Fastify process)`,
        ratio: (rss / bare).toFixed(2),
        p99: '',
        goal: goal ? `≤ ${goal} MB` : '',
        met: goal ? verdict(rss <= goal * 1024 * 1024) : '',
      });
    }
  } finally {
    await database.drop();
  }
  return rows;
}

/** A few lines of the server's /metrics: requests, in flight, the response cache, memory. */
async function metricsSample(base: string, token: string): Promise<string> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) return `/metrics answered ${res.status}`;
  const wanted = [
    /^http_request_duration_seconds_count\{.*route="\/campaign\/:id".*\}/,
    /^http_request_duration_seconds_count\{.*route="\/api\/pledges".*\}/,
    /^http_requests_in_flight/,
    /^foundation_response_cache_/,
    /^foundation_rate_limit_refusals_total/,
    /^process_resident_memory_bytes/,
    /^nodejs_eventloop_lag_p99_seconds/,
    /^nodejs_heap_size_used_bytes/,
  ];
  return (await res.text())
    .split('\n')
    .filter((line) => wanted.some((pattern) => pattern.test(line)))
    .slice(0, 16)
    .join('\n');
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Pledges at a steady rate until `until`: each answer's time and whether it was a 2xx. */
async function pledgeTrickle(base: string, campaignId: string, until: number) {
  const times: number[] = [];
  let refused = 0;
  let failed = 0;
  const inFlight: Promise<void>[] = [];
  let next = Date.now();
  for (let i = 0; Date.now() < until; i++) {
    const started = performance.now();
    inFlight.push(
      fetch(`${base}/api/pledges`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ campaignId, amount: 5000 + (i % 50) * 100, name: `Supporter ${i}` }),
        signal: AbortSignal.timeout(10_000),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          times.push(performance.now() - started);
          if (res.status < 200 || res.status >= 300) refused++;
        },
        () => {
          failed++;
        },
      ),
    );
    next += 1000 / PLEDGES_PER_SECOND;
    await sleep(Math.max(0, next - Date.now()));
  }
  await Promise.all(inFlight);
  return { sent: inFlight.length, refused, failed, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The viral day on one engine; prints what it saw and returns its rows. */
export async function viralRows(root: string, kind: Kind): Promise<BenchRow[]> {
  const token = randomBytes(24).toString('hex');
  const withMetrics = fs.readFileSync(path.join(root, 'dist/server/main.js'), 'utf8').includes('METRICS_TOKEN');
  const database = await freshDatabase(kind);
  const server = await startBuiltServer(root, {
    ...database.env,
    SEED_DEMO: 'true',
    RATE_LIMIT_PER_MINUTE: '1000000',
    FORM_RATE_LIMIT_PER_MINUTE: '1000000',
    ...(withMetrics ? { METRICS_TOKEN: token } : {}),
  }).catch(async (error) => {
    await database.drop();
    throw error;
  });
  const pid = server.child.pid!;
  try {
    const campaigns = (await (
      await fetch(`${server.base}/campaigns`, { headers: { accept: 'application/json' } })
    ).json()) as { campaigns?: { _id: string }[] } | { _id: string }[];
    const list = Array.isArray(campaigns) ? campaigns : (campaigns.campaigns ?? []);
    const campaignId = list[0]?._id;
    if (!campaignId) throw new Error('no campaign to visit');
    const page = `${server.base}/campaign/${campaignId}`;
    const headers = { accept: 'text/html', 'accept-encoding': 'gzip' };
    const first = await fetch(page, { headers });
    const html = Buffer.from(await first.arrayBuffer());
    if (!first.ok || !first.headers.get('content-type')?.includes('text/html'))
      throw new Error(`the campaign page answered ${first.status} ${first.headers.get('content-type')}`);

    const before = await settledRss(pid);
    let peak = before;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssOf(pid));
      } catch {
        // the process has ended: the run reports it
      }
    }, 250);
    const until = Date.now() + SECONDS * 1000;
    const [load, pledges] = await Promise.all([
      // In a worker thread: this thread keeps the pledges to their pace and samples the memory.
      autocannon({ url: page, connections: CONNECTIONS, duration: SECONDS, headers, timeout: 10, workers: 1 }),
      pledgeTrickle(server.base, campaignId, until),
    ]);
    clearInterval(sampler);
    const after = await settledRss(pid);
    const metrics = withMetrics ? await metricsSample(server.base, token) : 'no /metrics in this checkout';

    const pageErrors = load.non2xx + load.errors + load.timeouts + load.resets;
    const errors = pageErrors + pledges.refused + pledges.failed;
    const growth = after - before;
    const rate = (load.requests.total / load.duration).toFixed(0);
    console.log(
      `\nViral day on ${kind}: ${CONNECTIONS} connections for ${SECONDS} s to /campaign/{id} (HTML ${(html.length / 1024).toFixed(1)} kB as sent, gzip), ${PLEDGES_PER_SECOND} pledges/s; this machine has ${os.cpus().length} cores shared by the server and the load generator` +
        `\n  pages: ${load.requests.total} answered, ${rate} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, max ${load.latency.max} ms; non-2xx ${load.non2xx}, errors ${load.errors}, timeouts ${load.timeouts}, resets ${load.resets}` +
        `\n  pledges: ${pledges.sent} sent, p50 ${pledges.p50.toFixed(0)} ms, p99 ${pledges.p99.toFixed(0)} ms, refused ${pledges.refused}, failed ${pledges.failed}` +
        `\n  server RSS: ${MB(before)} before, ${MB(peak)} at the peak, ${MB(after)} after (settled)` +
        `\n  /metrics after the run:\n${metrics
          .split('\n')
          .map((line) => `    ${line}`)
          .join('\n')}`,
    );
    const p99Goal = kind === 'postgres';
    return [
      {
        measure: `Viral day: ${CONNECTIONS} connections to a campaign page (gzip) + ${PLEDGES_PER_SECOND} pledges/s, ${SECONDS} s`,
        kind,
        project: `${rate} req/s, p50 ${load.latency.p50} ms`,
        baseline: `${errors} errors (pages ${pageErrors}, pledges ${pledges.refused + pledges.failed}); pledges p99 ${pledges.p99.toFixed(0)} ms`,
        ratio: '',
        p99: `${load.latency.p99} ms`,
        goal: p99Goal ? `0 errors, p99 ≤ ${VIRAL_GOAL.p99} ms` : '0 errors',
        met: verdict(errors === 0 && (!p99Goal || load.latency.p99 <= VIRAL_GOAL.p99)),
      },
      {
        measure: 'RSS before and after the viral day',
        kind,
        project: `${MB(after)} after (peak ${MB(peak)})`,
        baseline: `${MB(before)} before`,
        ratio: (after / before).toFixed(2),
        p99: '',
        goal: `growth ≤ ${VIRAL_GOAL.growthMb} MB`,
        met: verdict(growth <= VIRAL_GOAL.growthMb * 1024 * 1024),
      },
    ];
  } catch (error) {
    console.error(`viral day on ${kind} failed: ${(error as Error).message}\n${server.output().slice(-2000)}`);
    throw error;
  } finally {
    await server.stop();
    await database.drop();
  }
}

/** Warns when this process cannot hold the load generator's sockets. */
export function checkOpenFiles(): void {
  const own = ownOpenFiles();
  if (own < CONNECTIONS + 200)
    console.warn(
      `ulimit -n is ${own} here: the load generator needs ${CONNECTIONS + 200} sockets; raise it (ulimit -n ${CONNECTIONS * 2}) or connections will fail`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rootArg = process.argv.indexOf('--root');
  const root = path.resolve(rootArg > 0 ? process.argv[rootArg + 1]! : path.join(import.meta.dirname, '../..'));
  const kind: Kind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  checkOpenFiles();
  const rows = [...(await idleMemoryRows(root, kind)), ...(await viralRows(root, kind))];
  for (const row of rows)
    console.log(
      `| ${[row.measure, row.kind, row.project, row.baseline, row.ratio, row.p99, row.goal, row.met].join(' | ')} |`,
    );
  process.exit(0);
}

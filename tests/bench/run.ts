/**
 * npm run bench: the hot paths of a real server process, each beside a bare Fastify server sending
 * the same bytes (the same body with the same headers, security headers included) in the same run
 * (ratios, since this machine is noisy), on PGlite and, when
 * BENCH_DATABASE_URL names a PostgreSQL server, on PostgreSQL; then the first-load JavaScript of
 * the last build. Prints one table.
 *
 * Everything goes through HTTP, so `npm run bench -- --root <checkout>` measures another checkout
 * of the project the same way (for before/after figures). BENCH_SECONDS sets each run's length.
 * The mail row (mail.ts) and the edition row (editions.ts) run the worker in this process, on this
 * checkout's code. The memory rows and the viral day (viral.ts) run the built server
 * (`npm run build` first); VIRAL_SECONDS sets the viral run's length (60).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { api } from '../e2e/support/api';
import { scratchDatabase } from '../helpers/databases';
import { freePort, waitForReady } from '../helpers/processes';
import type { BareRoute } from './bare-server';
import { editionsBench } from './editions';
import { mailBench } from './mail';
import type { BenchRow, Kind } from './rows';
import { checkOpenFiles, idleMemoryRows, viralRows } from './viral';

const here = import.meta.dirname;
const rootArg = process.argv.indexOf('--root');
const ROOT = path.resolve(rootArg > 0 ? process.argv[rootArg + 1]! : path.join(here, '../..'));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const ADMIN = { email: 'bench@example.org', password: 'a bench password that is long' };
const ADMIN_ROWS = [100, 10_000, 100_000];

const rows: BenchRow[] = [];
const verdict = (goal: string, reached: boolean) => (goal ? (reached ? 'yes' : 'NO') : '');

/** A GET whose raw bytes (still compressed) and headers are kept. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

async function load(url: string, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx + result.errors,
  };
}

/** A process on a free port, ready when `ready()` says so; stopped with SIGTERM. */
async function startProcess(args: string[], env: Record<string, string>, cwd: string) {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const server = await startProcess(
    ['--import', 'tsx', 'server/main.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The request budgets out of the way: what is measured is the work of each answer.
      RATE_LIMIT_PER_MINUTE: '1000000',
      FORM_RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    ROOT,
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForReady(base, server.child, server.output, 120_000);
  const { token } = await api<{ token: string }>(base, 'POST', '/api/auth/login', undefined, ADMIN);
  return { base, token, stop: server.stop };
}

async function startBare(routes: BareRoute[]) {
  const spec = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bare-')), 'routes.json');
  fs.writeFileSync(spec, JSON.stringify(routes));
  const bare = await startProcess(
    ['--import', 'tsx', path.join(here, 'bare-server.ts'), spec],
    {},
    path.join(here, '../..'),
  );
  const port = await new Promise<string>((resolve) => {
    const check = () => (/\d+/.test(bare.output()) ? resolve(bare.output().trim()) : setTimeout(check, 50));
    check();
  });
  return { base: `http://127.0.0.1:${port}`, stop: bare.stop };
}

const campaign = (i: number, image: string) => ({
  title: `Campaign ${i}: clean water and classrooms`,
  description: 'A realistic description of a community project in Northern Nigeria. '.repeat(8),
  shortDescription: 'Short description of the campaign for the card.',
  overview: {
    mainText: 'Main text of the overview. '.repeat(20),
    challengeText: '1. One\n2. Two',
    solutionText: 'Solution',
    impactText: 'Impact',
  },
  updates: [{ date: '2026-10-01', content: 'An update from the field.' }],
  image,
  galleryImages: [image, image],
  target: 1_000_000 + i,
  amountRaised: 500_000,
  location: ['Kano', 'Jigawa', 'Katsina', 'Sokoto', 'Borno', 'Adamawa'][i % 6],
  category: ['Water', 'Education', 'Health', 'Feeding', 'Infrastructure', 'Crises'][i % 6],
});

/** Adds volunteers in SQL up to `total` rows: through pg, or with the server stopped on PGlite. */
async function addVolunteers(db: { query(sql: string): Promise<unknown> }, count: number) {
  await db.query(`insert into volunteer_submissions
    (id, first_name, last_name, email, phone, availability, motivation, registration_date)
    select gen_random_uuid(), 'First ' || g, 'Last', 'v' || g || '@example.org', '08030000000', 'Weekends',
      'I want to help at the outreach days.', now() - g * interval '1 second'
    from generate_series(1, ${count}) g`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function benchmark(kind: Kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const scratch = kind === 'postgres' ? await scratchDatabase(process.env.BENCH_DATABASE_URL!, 'bench') : null;
  const env: Record<string, string> = scratch
    ? { DATABASE_URL: scratch.url, DATA_DIR: dataDir }
    : { DATA_DIR: dataDir };
  let server = await startServer(env);
  try {
    // 100 campaigns with a real uploaded photograph.
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 150, b: 60 } },
    })
      .composite([
        { input: Buffer.from(`<svg width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="#114"/></svg>`) },
      ])
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    const upload = (await (
      await fetch(`${server.base}/upload/single`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}` },
        body: form,
      })
    ).json()) as { path: string };
    let detailId = '';
    for (let i = 0; i < 100; i++) {
      const created = await api<{ campaign: { _id: string } }>(
        server.base,
        'POST',
        '/campaigns',
        server.token,
        campaign(i, upload.path),
      );
      detailId = created.campaign._id;
    }

    // Admin submissions page (50 rows) at 100, 10k and 100k volunteers.
    let total = 0;
    const pageTimes: Record<number, number> = {};
    for (const target of ADMIN_ROWS) {
      if (kind === 'postgres') {
        const client = new pg.Client({ connectionString: scratch!.url });
        await client.connect();
        await addVolunteers(client, target - total);
        await client.query('analyze');
        await client.end();
      } else {
        await server.stop();
        const db = await PGlite.create({ dataDir });
        await addVolunteers(db, target - total);
        await db.query('analyze');
        await db.close();
        server = await startServer(env);
      }
      total = target;
      const url = `${server.base}/api/submissions?type=volunteer&limit=50`;
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < 25; i++) {
        const started = performance.now();
        const res = await rawGet(url, { authorization: `Bearer ${server.token}` });
        times.push(performance.now() - started);
        size = res.body.length;
      }
      pageTimes[target] = median(times.slice(5));
      rows.push({
        measure: `Admin submissions page at ${target.toLocaleString('en')} rows (${kB(size)})`,
        kind,
        project: `${pageTimes[target]!.toFixed(1)} ms median`,
        baseline: target === ADMIN_ROWS[0] ? '—' : `${pageTimes[ADMIN_ROWS[0]!]!.toFixed(1)} ms at 100 rows`,
        ratio: target === ADMIN_ROWS[0] ? '—' : (pageTimes[target]! / pageTimes[ADMIN_ROWS[0]!]!).toFixed(2),
        p99: '',
        goal: target === 100_000 ? '≤ 2.00 of 100 rows' : '',
        met: verdict(target === 100_000 ? 'goal' : '', pageTimes[target]! <= 2 * pageTimes[ADMIN_ROWS[0]!]!),
      });
    }

    // The same bytes for the baseline: taken from the project's own answers.
    const list = await rawGet(`${server.base}/campaigns`, { accept: 'application/json' });
    const listGzip = await rawGet(`${server.base}/campaigns`, {
      accept: 'application/json',
      'accept-encoding': 'gzip',
    });
    const detail = await rawGet(`${server.base}/campaigns/${detailId}`, { accept: 'application/json' });
    const imagePath = `${upload.path}?w=640`;
    const image = await rawGet(`${server.base}${imagePath}`);
    /** The project's own headers, but those the transport sets for each answer. */
    const sameHeaders = (headers: http.IncomingHttpHeaders) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name, value]) =>
            typeof value === 'string' &&
            !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name) &&
            !name.startsWith('x-ratelimit'),
        ),
      ) as Record<string, string>;
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bytes-'));
    const file = (name: string, bytes: Buffer) => {
      const f = path.join(tmp, name);
      fs.writeFileSync(f, bytes);
      return f;
    };
    const gzipped = listGzip.headers['content-encoding'] === 'gzip' ? listGzip.body : zlib.gzipSync(list.body);
    const bare = await startBare([
      { path: '/list', file: file('list.json', list.body), headers: sameHeaders(list.headers) },
      {
        path: '/list-gzip',
        file: file('list.json.gz', gzipped),
        headers: { ...sameHeaders(listGzip.headers), 'content-encoding': 'gzip' },
      },
      { path: '/detail', file: file('detail.json', detail.body), headers: sameHeaders(detail.headers) },
      { path: '/image', file: file('image.webp', image.body), headers: sameHeaders(image.headers) },
    ]);
    try {
      // The list's goals: at least this share of the bare server's rate, and on PostgreSQL a p99.
      const listGoal = kind === 'postgres' ? { minRatio: 0.6, maxP99: 10 } : { minRatio: 0.5 };
      const pairs: {
        measure: string;
        url: string;
        bare: string;
        headers: Record<string, string>;
        minRatio?: number;
        maxP99?: number;
      }[] = [
        {
          measure: `GET /campaigns, 100 campaigns (${kB(list.body.length)})`,
          url: '/campaigns',
          bare: '/list',
          headers: { accept: 'application/json' },
          ...listGoal,
        },
        {
          measure: `GET /campaigns, gzip (${kB(gzipped.length)})`,
          url: '/campaigns',
          bare: '/list-gzip',
          headers: { accept: 'application/json', 'accept-encoding': 'gzip' },
          ...listGoal,
        },
        {
          measure: `GET /campaigns/{id} (${kB(detail.body.length)})`,
          url: `/campaigns/${detailId}`,
          bare: '/detail',
          headers: { accept: 'application/json' },
          minRatio: 0.6,
        },
        {
          measure: `GET an image, 640 px (${kB(image.body.length)})`,
          url: imagePath,
          bare: '/image',
          headers: {},
        },
      ];
      for (const pair of pairs) {
        const project = await load(`${server.base}${pair.url}`, { headers: pair.headers });
        const baseline = await load(`${bare.base}${pair.bare}`, { headers: pair.headers });
        const ratio = project.rps / baseline.rps;
        const goal = [
          pair.minRatio === undefined ? '' : `≥ ${pair.minRatio.toFixed(2)}`,
          pair.maxP99 === undefined ? '' : `p99 ≤ ${pair.maxP99} ms`,
        ]
          .filter(Boolean)
          .join(', ');
        rows.push({
          measure: pair.measure,
          kind,
          project: `${project.rps.toFixed(0)} req/s`,
          baseline: `${baseline.rps.toFixed(0)} req/s, p99 ${baseline.p99} ms`,
          ratio: ratio.toFixed(2),
          p99: `${project.p99} ms`,
          goal,
          met: verdict(goal, ratio >= (pair.minRatio ?? 0) && project.p99 <= (pair.maxP99 ?? Number.POSITIVE_INFINITY)),
        });
      }
    } finally {
      await bare.stop();
    }

    // Public writes: every acknowledged row must be stored.
    const writes = await load(`${server.base}/api/submissions/contact/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Amina Bello',
        email: 'amina@example.org',
        phone: '08030000000',
        subject: 'A visit',
        message: 'Can we visit the borehole project?',
      }),
    });
    const stored = await api<{ contact: unknown[]; counts?: { contact: number } }>(
      server.base,
      'GET',
      '/api/submissions?type=contact&limit=1',
      server.token,
    );
    const storedRows = stored.counts?.contact ?? stored.contact.length;
    const lost = Math.max(0, writes.ok - storedRows);
    rows.push({
      measure: 'Public writes (contact form)',
      kind,
      project: `${(writes.ok / SECONDS).toFixed(0)} rows/s`,
      // Rows in flight when the run ends are stored but not counted as acknowledged.
      baseline: `${writes.ok} acknowledged, ${storedRows} stored, ${writes.other} refused`,
      ratio: `${lost} lost`,
      p99: `${writes.p99} ms`,
      goal: '≥ 1,500 rows/s, 0 lost',
      met: verdict('goal', writes.ok / SECONDS >= 1500 && lost === 0),
    });
  } finally {
    await server.stop();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function bundleRows() {
  const dir = path.join(ROOT, 'dist/client');
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return 'No build in dist/client: run npm run build for the bundle sizes.';
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dir, file))).length;
  const html = fs.readFileSync(index, 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  // Each language's texts are chunks of their own: a visitor downloads one language's only.
  const texts = (locale: string, part: string) => {
    const chunk = manifest[`../shared/messages/${locale}/${part}.ts`];
    return chunk ? kB(gz(chunk.file)) : 'missing';
  };
  const languages = ['en', 'ha']
    .map((locale) => `${locale} ${texts(locale, 'core')} (+ staff area ${texts(locale, 'staff-area')})`)
    .join('; ');
  return [
    `First-load JS of / (gzip): ${kB(initial.reduce((n, f) => n + gz(f), 0))} in ${initial.join(', ')}`,
    `Texts per language, one loaded per visit (gzip): ${languages}`,
  ].join('\n');
}

const kinds: Kind[] = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
console.log(`Benchmarking ${ROOT} on ${kinds.join(' and ')}, ${SECONDS} s per run, ${CONNECTIONS} connections…`);
checkOpenFiles();
for (const kind of kinds) {
  await benchmark(kind);
  rows.push(await mailBench(kind));
  rows.push(await editionsBench(kind));
  // The built server's memory at idle, then under a viral day's load (viral.ts).
  rows.push(...(await idleMemoryRows(ROOT, kind)));
  rows.push(...(await viralRows(ROOT, kind)));
}

const header = ['Measure', 'Database', 'Project', 'Baseline (same bytes)', 'Ratio', 'p99', 'Goal', 'Met'];
const table = [header, ...rows.map((r) => [r.measure, r.kind, r.project, r.baseline, r.ratio, r.p99, r.goal, r.met])];
console.log(
  `\n${table
    .map((cells) => `| ${cells.join(' | ')} |`)
    .join('\n')
    .replace(/^(.*\n)/, (line) => `${line}|${header.map(() => '---').join('|')}|\n`)}`,
);
console.log(`\n${bundleRows()}`);
process.exit(0);

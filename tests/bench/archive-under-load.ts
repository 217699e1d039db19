/**
 * The newsletter archive read hard by one client: a real server process on PGlite with twelve sent
 * editions of ordinary Markdown (8 kB each, then a fresh server with twelve of 50 kB), one client
 * at half the per-minute API limit (RATE_LIMIT_PER_MINUTE, 300 unless set), four requests in
 * flight, each a tRPC batch of ten archive and edition calls; /healthz polled all the while.
 * Prints /healthz's median and p95 (the goal: p95 within 100 ms) and the batches' own.
 *
 * `npm run bench:attacks` runs it; alone, `tsx tests/bench/archive-under-load.ts [project-root]`
 * (default: this project), so the same script measures an older checkout for comparison.
 * ARCHIVE_LOAD_SECONDS sets each load's length (40).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForReady } from '../helpers/processes';

const root = path.resolve(process.argv[2] ?? path.resolve(import.meta.dirname, '../..'));
const ADMIN = { email: 'admin@example.org', password: 'correct horse battery staple' };
const EDITIONS = 12;
const LOAD_SECONDS = Number(process.env.ARCHIVE_LOAD_SECONDS ?? 40);
/** The API's per-minute limit at its default (server/config.ts): the client asks for half of it. */
const PER_MINUTE = 300;
const IN_FLIGHT = 4;
const BATCH = 10;
const HEALTH_EVERY_MS = 100;
const GOAL_P95_MS = 100;

const WORDS =
  'water borehole school clinic families Kano Katsina volunteers harvest classroom teachers nurses roads bridge community support thanks season rains project children mothers books'.split(
    ' ',
  );

/** An edition's Markdown of about `kb` kB as editors write them: headings, paragraphs, some emphasis, links, lists. */
function ordinaryMarkdown(kb: number, seed: number): string {
  let n = seed;
  const word = () => {
    n = (n * 1103515245 + 12345) % 2147483648;
    return WORDS[n % WORDS.length]!;
  };
  const sentence = (length: number) => Array.from({ length }, word).join(' ');
  const parts: string[] = [];
  let size = 0;
  for (let section = 1; size < kb * 1024; section++) {
    const block = [
      `## ${sentence(4)}`,
      `${sentence(30)} **${sentence(3)}** ${sentence(25)} _${sentence(2)}_ ${sentence(20)}. Read [the report](https://example.org/reports/${section}).`,
      `${sentence(40)}, ${sentence(35)}.`,
      `- ${sentence(8)}\n- **${sentence(2)}:** ${sentence(10)}\n- ${sentence(12)}`,
      `> ${sentence(18)}`,
    ].join('\n\n');
    parts.push(block);
    size += block.length + 2;
  }
  return parts.join('\n\n').slice(0, kb * 1024);
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) => {
  const s = sorted(values);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};

async function json(res: Response) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text);
}

/** A confirmed subscriber, made the way a reader does it: the form, then the link of the mail (kept as .eml). */
async function confirmedReader(base: string, dataDir: string) {
  await json(
    await fetch(`${base}/api/submissions/newsletter/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'reader@example.org' }),
    }),
  );
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      if (!file.endsWith('.eml')) continue;
      const mail = fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const token = /newsletter\/confirm\?token=([\w.-]+)/.exec(mail)?.[1];
      if (token) {
        await json(
          await fetch(`${base}/api/newsletter/confirm`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ token }),
          }),
        );
        return;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no confirmation mail arrived');
}

/** Twelve editions of `kb` kB written and sent by the admin: answers their ids. */
async function sentEditions(base: string, kb: number): Promise<string[]> {
  const { token } = await json(
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    }),
  );
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const ids: string[] = [];
  for (let i = 0; i < EDITIONS; i++) {
    const created = await json(
      await fetch(`${base}/api/newsletters`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ subject: `News from the field, number ${i + 1}`, body: ordinaryMarkdown(kb, i + 1) }),
      }),
    );
    await json(await fetch(`${base}/api/newsletters/${created.data.id}/send`, { method: 'POST', headers, body: '{}' }));
    ids.push(created.data.id);
  }
  return ids;
}

/** A tRPC batch of ten: the archive's first page and nine editions, in turn. */
function batchUrl(base: string, ids: string[], n: number): string {
  const calls = [
    { name: 'newsletter.archive', input: {} },
    ...Array.from({ length: BATCH - 1 }, (_, k) => ({
      name: 'newsletter.edition',
      input: { id: ids[(n * (BATCH - 1) + k) % ids.length]! },
    })),
  ];
  const input = Object.fromEntries(calls.map((call, i) => [i, { json: call.input }]));
  return `${base}/trpc/${calls.map((c) => c.name).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

async function measure(base: string, ids: string[]) {
  const health: number[] = [];
  const batches: number[] = [];
  const statuses = new Map<number, number>();
  const stopAt = Date.now() + LOAD_SECONDS * 1000;
  const polling = (async () => {
    while (Date.now() < stopAt) {
      const started = performance.now();
      await (await fetch(`${base}/healthz`)).arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
    }
  })();
  // Evenly spaced starts at half the per-minute limit, never more than IN_FLIGHT at once.
  const spacing = 60_000 / (PER_MINUTE / 2);
  let inFlight = 0;
  let sent = 0;
  const running = new Set<Promise<void>>();
  for (let next = Date.now(); Date.now() < stopAt; next += spacing) {
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    while (inFlight >= IN_FLIGHT) await Promise.race(running);
    const n = sent++;
    inFlight++;
    const one = (async () => {
      const started = performance.now();
      const res = await fetch(batchUrl(base, ids, n));
      await res.arrayBuffer();
      batches.push(performance.now() - started);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    })().finally(() => {
      inFlight--;
      running.delete(one);
    });
    running.add(one);
  }
  await Promise.all([polling, ...running]);
  return { health, batches, statuses };
}

async function variant(kb: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-bench-archive-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Every limit at its default, as a site runs.
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    await waitForReady(base, child, () => output);
    await confirmedReader(base, dataDir);
    const ids = await sentEditions(base, kb);
    // The editions' mail out of the way.
    await new Promise((r) => setTimeout(r, 5_000));
    const idle: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      await (await fetch(`${base}/healthz`)).arrayBuffer();
      idle.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
    }
    const { health, batches, statuses } = await measure(base, ids);
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    const p95 = quantile(health, 0.95);
    console.log(
      `${EDITIONS} editions of ${kb} kB, ${PER_MINUTE / 2} batches of ${BATCH} a minute, ${IN_FLIGHT} in flight, ${LOAD_SECONDS} s:`,
    );
    console.log(`  /healthz idle: median ${ms(quantile(idle, 0.5))}, p95 ${ms(quantile(idle, 0.95))}`);
    console.log(
      `  /healthz under load: median ${ms(quantile(health, 0.5))}, p95 ${ms(p95)}, max ${ms(Math.max(...health))} ` +
        `(${health.length} polls; goal p95 <= ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'yes' : 'NO'})`,
    );
    console.log(
      `  batches: ${batches.length}, median ${ms(quantile(batches, 0.5))}, p95 ${ms(quantile(batches, 0.95))}; ` +
        `answers ${[...statuses].map(([status, count]) => `${count}× ${status}`).join(', ')}`,
    );
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Newsletter archive under load: ${root}`);
for (const kb of [8, 50]) await variant(kb);

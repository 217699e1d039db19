/**
 * Receipt PDFs under load, against a real server process on PGlite: RECEIPT_PLEDGES (20) pledges
 * of ₦100 are made and confirmed, and /healthz is watched for 5 s after the gifts (while their
 * receipts are made); then RECEIPT_CLIENTS (8) clients ask for their receipts in both languages,
 * each as soon as its last answer came, for RECEIPT_SECONDS (20), while /healthz is asked
 * throughout, one request at a time; then the same clients ask for the same pledges' plain public
 * read (GET /api/pledges/{reference}) for as long: the floor any public read sets on this machine.
 * Reports /healthz's median and p95 in each phase (the goal while receipts are asked: p95 ≤ 100
 * ms), the answers, their median and p95, and the server process's CPU per answer (its worker
 * threads included).
 *
 * The request budgets are lifted, as viral.ts does: the question is what a receipt costs the
 * process, and an attacker with a few addresses spends a budget per address.
 *
 * `tsx tests/bench/receipts-under-load.ts [project-root]` (default: this project), so the same
 * script measures an older checkout for comparison. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForReady } from '../helpers/processes';

const root = path.resolve(process.argv[2] ?? path.resolve(import.meta.dirname, '../..'));
const ADMIN = { email: 'admin@example.org', password: 'correct horse battery staple' };
const PLEDGES = Number(process.env.RECEIPT_PLEDGES ?? 20);
const CLIENTS = Number(process.env.RECEIPT_CLIENTS ?? 8);
const SECONDS = Number(process.env.RECEIPT_SECONDS ?? 20);
const HEALTH_GOAL_P95_MS = 100;
/** How long /healthz is watched right after the gifts, before the clients come. */
const AFTER_GIFTS_MS = 5_000;
const LANGUAGES = ['en', 'ha'] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (values: number[], q: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** The process's CPU time so far (user and system, all its threads), in milliseconds (Linux). */
function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function json(res: Response, what: string) {
  const body = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${body}`);
  return JSON.parse(body);
}

/** Asks /healthz one request at a time until `until()`, with a short pause between: the times. */
async function pollHealth(base: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await sleep(20);
  }
  return times;
}

interface LoadRun {
  health: number[];
  times: number[];
  statuses: Map<number, number>;
  cpuMs: number;
}

/** CLIENTS clients asking for `pathOf(i)` as fast as they are answered for SECONDS, /healthz asked throughout. */
async function underLoad(base: string, pid: number, paths: number, pathOf: (i: number) => string): Promise<LoadRun> {
  const cpuBefore = cpuMsOf(pid);
  const stopAt = Date.now() + SECONDS * 1000;
  const over = () => Date.now() > stopAt;
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const client = async (n: number) => {
    // Each client walks the paths from its own place, so the clients ask for different ones.
    for (let i = Math.floor((n * paths) / CLIENTS); !over(); i++) {
      const started = performance.now();
      const res = await fetch(`${base}${pathOf(i)}`);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  const [health] = await Promise.all([pollHealth(base, over), ...Array.from({ length: CLIENTS }, (_, n) => client(n))]);
  return { health, times, statuses, cpuMs: cpuMsOf(pid) - cpuBefore };
}

function report(label: string, health: number[], goal = false) {
  const p95 = quantile(health, 0.95);
  console.log(
    `${label.padEnd(30)} median ${ms(quantile(health, 0.5))}, p95 ${ms(p95)}, max ${ms(Math.max(...health))} ` +
      `(${health.length} checks${goal ? `; goal p95 ≤ ${HEALTH_GOAL_P95_MS} ms: ${p95 <= HEALTH_GOAL_P95_MS ? 'met' : 'NOT met'}` : ''})`,
  );
}

function answers(label: string, run: LoadRun) {
  const answered = run.statuses.get(200) ?? 0;
  const others = [...run.statuses].filter(([status]) => status !== 200).map(([status, n]) => `${n}×${status}`);
  console.log(
    `${`  ${label}:`.padEnd(30)} ${answered} answered 200 (${(answered / SECONDS).toFixed(0)}/s), others ${others.join(', ') || 'none'}; ` +
      `median ${ms(quantile(run.times, 0.5))}, p95 ${ms(quantile(run.times, 0.95))}; ` +
      `server CPU ${(run.cpuMs / Math.max(1, answered)).toFixed(1)} ms per answer`,
  );
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-bench-receipts-'));
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
      RATE_LIMIT_PER_MINUTE: '1000000',
      FORM_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    await waitForReady(base, child, () => output);
    const { token } = await json(
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }),
      'sign-in',
    );
    const staff = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await json(
      await fetch(`${base}/campaigns`, {
        method: 'POST',
        headers: staff,
        body: JSON.stringify({
          title: 'Boreholes for Dutse',
          titleHa: 'Rijiyoyin Dutse',
          description: 'Boreholes for three villages.',
          shortDescription: 'Three boreholes',
          image: 'uploads/well.webp',
          galleryImages: [],
          target: 2_500_000,
          amountRaised: 0,
          supporters: 0,
          status: 'active',
          location: 'Jigawa',
          category: 'Water',
          endDate: '2027-12-31',
        }),
      }),
      'campaign',
    );
    const campaignId: string = created.campaign._id;
    const references: string[] = [];
    for (let i = 0; i < PLEDGES; i++) {
      const pledge = await json(
        await fetch(`${base}/api/pledges`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': i % 2 ? 'ha' : 'en' },
          body: JSON.stringify({ campaignId, amount: 100, name: `Ɗanladi Ƙaura ${i + 1}` }),
        }),
        'pledge',
      );
      references.push(pledge.data.reference);
    }
    for (const reference of references) {
      await json(
        await fetch(`${base}/api/pledges/${reference}`, {
          method: 'PUT',
          headers: staff,
          body: JSON.stringify({ status: 'confirmed' }),
        }),
        'confirm',
      );
    }
    const receipts = references.flatMap((reference) => LANGUAGES.map((lang) => ({ reference, lang })));
    console.log(
      `${PLEDGES} pledges of ₦100 received (${receipts.length} receipts in two languages); ${CLIENTS} clients for ${SECONDS} s`,
    );

    // Right after the gifts: the receipts are being made (on this code, in the background).
    let settled = false;
    const settleTimer = setTimeout(() => (settled = true), AFTER_GIFTS_MS);
    const afterGifts = await pollHealth(base, () => settled);
    clearTimeout(settleTimer);
    report('/healthz after the gifts', afterGifts);

    const receiptsRun = await underLoad(base, child.pid!, receipts.length, (i) => {
      const { reference, lang } = receipts[i % receipts.length]!;
      return `/api/pledges/${reference}/receipt.pdf?lang=${lang}`;
    });
    report('/healthz, receipts asked', receiptsRun.health, true);
    answers('receipts', receiptsRun);
    // The floor of this machine: the same clients asking for a plain public read of the same pledges.
    const plainRun = await underLoad(
      base,
      child.pid!,
      references.length,
      (i) => `/api/pledges/${references[i % references.length]}`,
    );
    report('/healthz, plain reads asked', plainRun.health, true);
    answers('plain pledge reads', plainRun);
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

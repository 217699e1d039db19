/**
 * How long the answers that hide something take on each of their paths, against a real server
 * process on PGlite with its mail worker running (mail kept as files): "forgot your password" for
 * a staff account's address and an unknown one, "find my pledge" for an address that pledged and
 * one that did not, and a newsletter sign-up of a known address and a new one. Samples of the two
 * paths are interleaved; each request comes from its own client address (behind a trusted proxy),
 * so no limit of the site is lowered. Prints medians, the ratio and a rank test's p per pair.
 *
 * `tsx tests/bench/answers-alike.ts [project-root]` (default: this project), so the same script
 * measures an older checkout for comparison. BENCH_SAMPLES sets the samples per path (60).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiLogin, sampleCampaign } from '../e2e/support/api';
import { freePort, waitForReady } from '../helpers/processes';
import { compare, interleavedSamples } from '../helpers/timing';

const root = path.resolve(process.argv[2] ?? path.resolve(import.meta.dirname, '../..'));
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const ADMIN = { email: 'admin@example.org', password: 'correct horse battery staple' };

let client = 0;
/** A new client address for each request. */
const nextClient = () => {
  client++;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
};

async function post(base: string, url: string, body: object, token?: string): Promise<number> {
  return (await send(base, url, body, token)).status;
}

async function send(base: string, url: string, body: object, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': nextClient(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function expectStatus(status: Promise<number>, expected: number, what: string) {
  const got = await status;
  if (got !== expected) throw new Error(`${what}: answered ${got}, not ${expected}`);
}

let made = 0;
const address = (what: string) => `${what}.${Date.now().toString(36)}.${made++}@example.org`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-bench-alike-'));
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
      PUBLIC_URL: base,
      MAIL_FROM: 'Arewa Foundation <no-reply@foundation.example.org>',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    await waitForReady(base, child, () => output);
    const token = await apiLogin(base, ADMIN);
    const created = await send(base, '/campaigns', sampleCampaign(), token);
    if (created.status !== 201) throw new Error(`campaign: answered ${created.status}`);
    const campaign = created.body!.campaign as { _id: string };
    const needed = SAMPLES + 3;
    console.log(`Preparing ${needed} staff accounts, pledged addresses and subscribers…`);
    const staff: string[] = [];
    const pledged: string[] = [];
    const subscribed: string[] = [];
    for (let i = 0; i < needed; i++) {
      const email = address('staff');
      await expectStatus(post(base, '/api/users', { email, name: `Staff ${i}`, role: 'editor' }, token), 201, 'staff');
      staff.push(email);
      const donor = address('donor');
      await expectStatus(
        post(base, '/api/pledges', { campaignId: campaign._id, amount: 10_000, name: 'Hauwa Sani', email: donor }),
        201,
        'pledge',
      );
      pledged.push(donor);
      const reader = address('reader');
      await expectStatus(post(base, '/api/submissions/newsletter/register', { email: reader }), 201, 'sign-up');
      subscribed.push(reader);
    }
    // The worker sends what the preparation queued before anything is timed.
    await new Promise((resolve) => setTimeout(resolve, 15_000));

    const pairs = [
      {
        name: 'forgot password: account / unknown',
        a: () => expectStatus(post(base, '/api/auth/forgot-password', { email: staff.pop()! }), 202, 'forgot'),
        b: () => expectStatus(post(base, '/api/auth/forgot-password', { email: address('nobody') }), 202, 'forgot'),
      },
      {
        name: 'find my pledge: pledged / unknown',
        a: () => expectStatus(post(base, '/api/pledges/lookup', { email: pledged.pop()! }), 202, 'lookup'),
        b: () => expectStatus(post(base, '/api/pledges/lookup', { email: address('nobody') }), 202, 'lookup'),
      },
      {
        name: 'newsletter sign-up: known / new',
        a: () =>
          expectStatus(
            post(base, '/api/submissions/newsletter/register', {
              email: subscribed.pop()!,
              clientId: crypto.randomUUID(),
            }),
            201,
            'sign-up',
          ),
        b: () =>
          expectStatus(
            post(base, '/api/submissions/newsletter/register', {
              email: address('new'),
              clientId: crypto.randomUUID(),
            }),
            201,
            'sign-up',
          ),
      },
    ];
    console.log(`${root}: ${SAMPLES} samples per path, interleaved`);
    for (const pair of pairs) {
      const times = await interleavedSamples(pair.a, pair.b, SAMPLES);
      const c = compare(times.a, times.b);
      console.log(
        `${pair.name}: median ${c.medianA.toFixed(1)} / ${c.medianB.toFixed(1)} ms, ratio ${c.ratio.toFixed(2)}, rank test p ${c.p.toPrecision(2)}`,
      );
    }
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

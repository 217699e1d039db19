/**
 * Sign-in time of a real admin while an attacker guesses passwords: tRPC batches of 186 guesses
 * and parallel single guesses from one address, against a real server process on PGlite.
 * `tsx tests/bench/sign-in-under-attack.ts [project-root]` (default: this project), so the same
 * script can measure an older checkout for comparison.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForReady } from '../helpers/processes';

const root = path.resolve(process.argv[2] ?? path.resolve(import.meta.dirname, '../..'));
const ADMIN = { email: 'admin@example.org', password: 'correct horse battery staple' };
const ATTACK_SECONDS = 20;

/** Behind one trusted proxy: the admin and the attacker come from different addresses. */
const ADMIN_ADDRESS = { 'x-forwarded-for': '198.51.100.1' };
const ATTACKER_ADDRESS = { 'x-forwarded-for': '203.0.113.66' };

async function signInMs(base: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ADMIN_ADDRESS },
    body: JSON.stringify(ADMIN),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function attack(base: string, kind: 'batch' | 'parallel', until: () => boolean) {
  const names = Array.from({ length: 186 }, () => 'auth.login').join(',');
  const guesses = JSON.stringify(
    Object.fromEntries(Array.from({ length: 186 }, (_, i) => [i, { json: { ...ADMIN, password: `guess ${i}` } }])),
  );
  const one = async () => {
    while (!until()) {
      const res =
        kind === 'batch'
          ? await fetch(`${base}/trpc/${names}?batch=1`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...ATTACKER_ADDRESS },
              body: guesses,
            })
          : // Guesses at many other accounts, so what slows the admin is the work, not a lock.
            await fetch(`${base}/api/auth/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...ATTACKER_ADDRESS },
              body: JSON.stringify({ email: `user${Math.random()}@example.org`, password: 'a guessed password' }),
            });
      await res.arrayBuffer().catch(() => {});
    }
  };
  await Promise.all(Array.from({ length: kind === 'batch' ? 4 : 16 }, one));
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-bench-signin-'));
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
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    await waitForReady(base, child, () => output);
    const quiet: number[] = [];
    for (let i = 0; i < 5; i++) quiet.push((await signInMs(base)).ms);
    console.log(`Admin sign-in, no attack: median ${median(quiet).toFixed(0)} ms`);
    for (const kind of ['batch', 'parallel'] as const) {
      // A fresh minute for the admin's own address budget.
      await new Promise((r) => setTimeout(r, 61_000));
      const stopAt = Date.now() + ATTACK_SECONDS * 1000;
      const running = attack(base, kind, () => Date.now() > stopAt);
      await new Promise((r) => setTimeout(r, 1500));
      // A person signs in now and then, not in a loop: every 2 seconds, within the address's budget.
      const during: { ms: number; status: number }[] = [];
      while (Date.now() < stopAt - 2500) {
        const started = Date.now();
        during.push(await signInMs(base));
        await new Promise((r) => setTimeout(r, Math.max(0, 2000 - (Date.now() - started))));
      }
      await running;
      const ok = during.filter((d) => d.status === 200);
      console.log(
        `Admin sign-in during ${kind === 'batch' ? 'tRPC batches of 186 guesses' : '16 parallel single guesses'}: ` +
          `median ${median(during.map((d) => d.ms)).toFixed(0)} ms, max ${Math.max(...during.map((d) => d.ms)).toFixed(0)} ms, ` +
          `${ok.length}/${during.length} answered 200, others ${[...new Set(during.filter((d) => d.status !== 200).map((d) => d.status))].join(', ') || 'none'}`,
      );
    }
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

/**
 * A PostgreSQL server of a test's own, made with the machine's initdb in a temporary folder and
 * listening on a free port, so a test can restart or crash it without touching the shared server
 * the other tests use. Run as the `postgres` user when the tests run as root (PostgreSQL refuses
 * to run as root).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './processes';

/** The newest installed PostgreSQL's programs, or null when there are none. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

export interface PrivatePostgres {
  url: string;
  /**
   * Stops the server at once, as a crash would (`immediate`), and starts it again once `whileDown`
   * has resolved (a wait on what the test needs to see during the outage).
   */
  crashAndRestart(whileDown: () => Promise<unknown>): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL programs (initdb, pg_ctl) are not installed');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-pg-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = (program: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, program),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args,
      { stdio: 'pipe', timeout: 60_000 },
    );
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  // fsync off: an immediate stop, like a crash of PostgreSQL, leaves the WAL it wrote in the
  // operating system's cache, so recovery sees every commit; only a crash of the machine would
  // need the flush, and a test cannot make one. It spares the disk the rest of the suite shares.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async crashAndRestart(whileDown) {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      try {
        await whileDown();
      } finally {
        start();
      }
    },
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

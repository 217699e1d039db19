/**
 * Starts the BUILT server (dist/server/main.js, as production runs it) on a free port and a fresh
 * database: PostgreSQL when the run has it (E2E_POSTGRES_URL, set by npm test when it answers),
 * otherwise PGlite in a temporary folder.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from '../../helpers/databases';
import { cleanEnv, exited, freePort, ROOT, waitForReady } from '../../helpers/processes';

export const E2E_ADMIN = { email: 'staff@example.org', password: 'e2e-password-long-enough' };

export interface RunningServer {
  url: string;
  /** What points a script (`npm run check:totals`) at this server's database. */
  databaseEnv: Record<string, string>;
  /** Ends the server but keeps its database, for such a script: a PGlite folder opens in one process at a time. */
  halt(): Promise<void>;
  stop(): Promise<void>;
}

/** A new database on the test PostgreSQL server, or null when this run uses PGlite. */
const freshPostgres = () =>
  process.env.E2E_POSTGRES_URL ? scratchDatabase(process.env.E2E_POSTGRES_URL, 'e2e') : Promise.resolve(null);

/**
 * `root` is the checkout whose build runs: this one unless told. `env` may be made from the
 * server's own address (a PUBLIC_URL for the links in its mails).
 */
export async function startServer(
  env: Record<string, string> | ((url: string) => Record<string, string>) = {},
  root = ROOT,
): Promise<RunningServer> {
  const main = path.join(root, 'dist/server/main.js');
  if (!fs.existsSync(main)) throw new Error('dist/server/main.js is missing: run npm run build first');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-e2e-'));
  const database = await freshPostgres();
  const serverEnv: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_DEMO: 'false',
    RATE_LIMIT_PER_MINUTE: '100000',
    FORM_RATE_LIMIT_PER_MINUTE: '100000',
    SIGN_IN_ATTEMPTS_PER_MINUTE: '100000',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...(typeof env === 'function' ? env(url) : env),
  };
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: cleanEnv(serverEnv),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  await waitForReady(url, child, () => output);
  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited(child);
    }
  };
  return {
    url,
    databaseEnv: serverEnv.DATABASE_URL
      ? { DATABASE_URL: serverEnv.DATABASE_URL }
      : { DATA_DIR: serverEnv.DATA_DIR ?? dataDir },
    halt,
    async stop() {
      await halt();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

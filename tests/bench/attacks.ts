/**
 * npm run bench:attacks: the site under attack, each bench a real server process polled or used
 * by a person meanwhile, in turn: the newsletter archive read hard (archive-under-load.ts) and
 * passwords guessed (sign-in-under-attack.ts). `npm run bench:attacks -- <project-root>` measures
 * another checkout the same way, for before and after figures.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHES = ['archive-under-load.ts', 'sign-in-under-attack.ts'];

let failed = false;
for (const bench of BENCHES) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, bench), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  failed ||= run.status !== 0;
}
process.exitCode = failed ? 1 : 0;

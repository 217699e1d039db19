/**
 * npm run dev: the API with reload (tsx watch) on API_PORT (default 3001) and Vite's dev server
 * on PORT (default 3000), which forwards API paths to it. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildFonts } from './fonts.mjs';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3001';
const port = process.env.PORT ?? '3000';

await buildFonts();

const children = [
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'server/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
    },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', port, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });

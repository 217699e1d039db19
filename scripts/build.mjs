/**
 * npm run build: the fonts (scripts/fonts.mjs), the client with Vite (plus gzip and brotli copies
 * for slow networks), the page renderer with Vite's SSR build into dist/ssr, and the server and its
 * command-line tools bundled with esbuild into dist/server.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { buildFonts } from './fonts.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

export async function buildAll() {
  const started = Date.now();
  await buildFonts();
  const vite = (...args) =>
    execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...args],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
  vite();
  vite('--ssr', 'entry-server.tsx', '--outDir', '../dist/ssr');
  precompress(path.join(dist, 'client'));
  await build({
    entryPoints: {
      main: 'server/main.ts',
      // Statements are read in a worker thread, started from main.js by this file's name (server/giving/statement-reader.ts).
      'statement-worker': 'server/giving/statement-worker.ts',
      migrate: 'server/cli/migrate.ts',
      'admin-create': 'server/cli/admin-create.ts',
    },
    absWorkingDir: root,
    outdir: path.join(dist, 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The PDF receipt's fonts, read beside main.js (server/giving/receipt-pdf.ts).
  fs.cpSync(path.join(root, 'server/giving/receipt-fonts'), path.join(dist, 'server/receipt-fonts'), {
    recursive: true,
  });
  fs.writeFileSync(path.join(dist, 'BUILD_STAMP'), new Date().toISOString());
  console.log(`Built client and server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(js|css|html|svg|json|txt)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildAll();

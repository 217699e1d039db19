/**
 * npm run build: the fonts (scripts/fonts.mjs), the client with Vite, the service worker and the
 * home-screen icons (plus gzip and brotli copies for slow networks), the page renderer with Vite's
 * SSR build into dist/ssr, and the server and its command-line tools bundled with esbuild into
 * dist/server.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import sharp from 'sharp';
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
  await buildServiceWorker();
  await buildIcons();
  precompress(path.join(dist, 'client'));
  await build({
    entryPoints: {
      main: 'server/main.ts',
      // Statements are read in a worker thread, started from main.js by this file's name (server/giving/statement-reader.ts).
      'statement-worker': 'server/giving/statement-worker.ts',
      // Editions are rendered in one too (server/newsletter/editions/renderer.ts).
      'edition-render-worker': 'server/newsletter/editions/render-worker.ts',
      // Receipt PDFs are laid out in a worker thread too (server/giving/receipt-pdf-thread.ts).
      'receipt-pdf-worker': 'server/giving/receipt-pdf-worker.ts',
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
  // The PDF receipt's fonts, read beside receipt-pdf-worker.js (server/giving/receipt-pdf.ts).
  fs.cpSync(path.join(root, 'server/giving/receipt-fonts'), path.join(dist, 'server/receipt-fonts'), {
    recursive: true,
  });
  fs.writeFileSync(path.join(dist, 'BUILD_STAMP'), new Date().toISOString());
  console.log(`Built client and server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * dist/client/sw.js (client/sw/service-worker.ts) with what it keeps ahead: the entry script and
 * the app's code it loads, their styles and the logo. Its version, which names its caches, is a
 * hash of the build's file names (content-hashed) and the worker's own code: a deploy that
 * changes either installs a new worker, which drops the old caches.
 */
async function buildServiceWorker() {
  const chunks = JSON.parse(fs.readFileSync(path.join(dist, 'client/.vite/manifest.json'), 'utf8'));
  const byFile = new Map(Object.values(chunks).map((chunk) => [chunk.file, chunk]));
  const files = new Set();
  const add = (file, { dynamic = false } = {}) => {
    if (files.has(`/${file}`)) return;
    files.add(`/${file}`);
    const chunk = byFile.get(file);
    if (!chunk) return;
    for (const asset of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${asset}`);
    for (const key of chunk.imports ?? []) add(chunks[key].file);
    // The page's first script loads the app's code after the first paint: kept ahead with it.
    if (dynamic) for (const key of chunk.dynamicImports ?? []) add(chunks[key].file);
  };
  // What the page loads first, read from the built page (the manifest names no entry once the
  // build groups the entry's modules into chunks of its own, vite.config.ts).
  const page = fs.readFileSync(path.join(dist, 'client/index.html'), 'utf8');
  for (const [, file] of page.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) add(file, { dynamic: true });
  // The whole stylesheet, which rendered pages link at the end of their body (server/page-styles.ts).
  const styles = JSON.parse(fs.readFileSync(path.join(dist, 'client/.vite/page-styles.json'), 'utf8'));
  files.add(styles.href);
  // The web fonts are kept as pages use them (the static files' rule), not ahead: a first visit
  // fetches them itself once idle (client/lib/web-fonts.ts), and with data saver never.
  for (const file of files) if (file.endsWith('.woff2')) files.delete(file);
  const bundle = async (version) =>
    (
      await build({
        entryPoints: ['client/sw/service-worker.ts'],
        absWorkingDir: root,
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2020',
        minify: true,
        legalComments: 'none',
        logLevel: 'warning',
        define: {
          __SW_VERSION__: JSON.stringify(version),
          __SW_PRECACHE__: JSON.stringify([...files, '/images/logo.svg', '/manifest.webmanifest']),
        },
      })
    ).outputFiles[0].text;
  const version = createHash('sha256')
    .update(
      Object.values(chunks)
        .map((chunk) => chunk.file)
        .sort()
        .join('\n'),
    )
    .update(await bundle(''))
    .digest('hex')
    .slice(0, 12);
  fs.writeFileSync(path.join(dist, 'client/sw.js'), await bundle(version));
}

/** The home-screen icons of the web app manifest, drawn from the logo. */
async function buildIcons() {
  const logo = fs.readFileSync(path.join(root, 'client/public/images/logo.svg'));
  const out = path.join(dist, 'client/icons');
  fs.mkdirSync(out, { recursive: true });
  // The logo is drawn on a 48-unit square: rendered at the density that makes it `size` pixels.
  const render = (size) =>
    sharp(logo, { density: (72 * size) / 48 })
      .resize(size, size)
      .png();
  for (const size of [192, 512]) await render(size).toFile(path.join(out, `icon-${size}.png`));
  // A maskable icon is cut to a circle or a rounded square by the phone: the logo sits within the
  // safe zone (the middle 80 %) on the logo's own yellow.
  await sharp({ create: { width: 512, height: 512, channels: 4, background: '#FFD02F' } })
    .composite([{ input: await render(410).toBuffer(), gravity: 'center' }])
    .png()
    .toFile(path.join(out, 'maskable-512.png'));
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

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for the built client: an index.html with the head marker and one hashed asset, and
 * with `withSourceMap` a map left over from a build that made one (it must still not be served).
 */
export function builtClient({ withSourceMap = false } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><!--app-preload--><div id="root"><!--app-html--></div><!--app-data--></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  if (withSourceMap) fs.writeFileSync(path.join(dir, 'assets', 'app-1234.js.map'), '{"sources":["secret.ts"]}');
  // The build's manifest: the fonts' main and extra files (scripts/fonts.mjs) beside a page chunk.
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'generated/inter-latin.woff2': { file: 'assets/inter-latin-1234.woff2' },
      'generated/inter-extra.woff2': { file: 'assets/inter-extra-1234.woff2' },
      'pages/public/home/home-page.tsx': { file: 'assets/home-page-1234.js' },
    }),
  );
  return dir;
}

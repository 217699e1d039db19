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
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  if (withSourceMap) fs.writeFileSync(path.join(dir, 'assets', 'app-1234.js.map'), '{"sources":["secret.ts"]}');
  return dir;
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { styleTable } from '../../scripts/inline-stylesheet';
import { STYLE_TABLE_FILE } from '../../server/page-styles';

/**
 * A stand-in for the built client: an index.html with the head marker and one hashed asset, and
 * with `withSourceMap` a map left over from a build that made one (it must still not be served);
 * with `styles`, that stylesheet in the page's head, written as the build writes it, with its table.
 */
export function builtClient({ withSourceMap = false, styles = '' } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><!--app-head-->${styles && `<style>${styles}</style>`}</head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>`,
  );
  if (styles) {
    fs.writeFileSync(path.join(dir, 'assets', 'index-5678.css'), styles);
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, STYLE_TABLE_FILE), JSON.stringify(styleTable(styles, '/assets/index-5678.css')));
  }
  fs.writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  if (withSourceMap) fs.writeFileSync(path.join(dir, 'assets', 'app-1234.js.map'), '{"sources":["secret.ts"]}');
  return dir;
}

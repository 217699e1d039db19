import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineStylesheet, withStylesheets } from '../../scripts/inline-stylesheet';

describe("the page's stylesheet written into the page", () => {
  it('goes at the end of the head, and refuses a text that would end its element early', () => {
    const page = '<html><head><title>x</title></head><body></body></html>';
    expect(withStylesheets(page, ['a{color:red}'])).toBe(
      '<html><head><title>x</title><style>a{color:red}</style>\n  </head><body></body></html>',
    );
    expect(() => withStylesheets(page, ['a::after{content:"</style><script>"}'])).toThrow(/<\/style/);
    expect(() => withStylesheets('<body></body>', ['a{}'])).toThrow(/no <\/head>/);
  });

  describe('in a real build', () => {
    let root: string;
    let out: string;
    beforeAll(async () => {
      // A page whose script imports its styles and, later, an app that loads a part of its own;
      // both import a module of the page's script: without the plugin Vite names the page's
      // stylesheet among the part's dependencies, and the app would link it when loading the part.
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'inline-stylesheet-'));
      out = path.join(root, 'dist');
      const write = (file: string, text: string) => fs.writeFileSync(path.join(root, file), text);
      write(
        'index.html',
        '<!doctype html><html><head><title>t</title></head><body><script type="module" src="/main.js"></script></body></html>',
      );
      write('styles.css', '.hero { color: #011513; }\n');
      write('shared.js', 'export const shared = (text) => text.toUpperCase();\n');
      write(
        'main.js',
        "import './styles.css';\nimport { shared } from './shared.js';\nsetTimeout(() => import('./app.js').then((m) => m.start(shared)));\n",
      );
      write(
        'app.js',
        "import { shared } from './shared.js';\nexport const start = (f) => import('./part.js').then((m) => m.run(f, shared));\n",
      );
      write(
        'part.js',
        "import { shared } from './shared.js';\nexport const run = (f, g) => document.body.append(f('part'), g(shared('x')));\n",
      );
      await build({
        root,
        logLevel: 'silent',
        configFile: false,
        plugins: [inlineStylesheet()],
        build: { outDir: out, manifest: true },
      });
    });
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    it('puts the styles in the page, links none, writes no stylesheet and names none in the imports', () => {
      const page = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
      expect(page).toMatch(/<style>\.hero\{color:#011513\}\s*<\/style>\s*<\/head>/);
      expect(page).not.toContain('stylesheet');
      const files = fs.readdirSync(path.join(out, 'assets'));
      expect(files.filter((file) => file.endsWith('.css'))).toEqual([]);
      const scripts = files.filter((file) => file.endsWith('.js'));
      expect(scripts).toHaveLength(3);
      for (const file of scripts)
        expect(fs.readFileSync(path.join(out, 'assets', file), 'utf8')).not.toMatch(/assets\/[\w-]+\.css/);
      expect(fs.readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')).not.toContain('.css');
    });
  });
});

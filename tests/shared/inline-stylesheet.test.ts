import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classesNeeded, inlineStylesheet, styleTable, withStylesheets } from '../../scripts/inline-stylesheet';

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

    it('puts the styles in the page and links none; writes the stylesheet, for pages to link, and its table', () => {
      const page = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
      expect(page).toMatch(/<style>\.hero\{color:#011513\}\s*<\/style>\s*<\/head>/);
      expect(page).not.toContain('stylesheet');
      const files = fs.readdirSync(path.join(out, 'assets'));
      const stylesheets = files.filter((file) => file.endsWith('.css'));
      expect(stylesheets).toHaveLength(1);
      const scripts = files.filter((file) => file.endsWith('.js'));
      expect(scripts).toHaveLength(3);
      for (const file of scripts)
        expect(fs.readFileSync(path.join(out, 'assets', file), 'utf8')).not.toMatch(/assets\/[\w-]+\.css/);
      expect(fs.readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')).not.toContain('.css');
      const table = JSON.parse(fs.readFileSync(path.join(out, '.vite/page-styles.json'), 'utf8'));
      expect(table).toEqual({
        href: `/assets/${stylesheets[0]}`,
        rules: [{ css: '.hero{color:#011513}', needs: [['hero']], within: [] }],
      });
    });
  });
});

describe("the table of the stylesheet's rules", () => {
  it('names the classes a selector needs: outside brackets and parentheses, before a pseudo-element', () => {
    expect(classesNeeded('.card .card__title>a:hover')).toEqual(['card', 'card__title']);
    expect(classesNeeded('.btn:not(.btn--ghost)::after')).toEqual(['btn']);
    expect(classesNeeded(':where(ul[class],ol[class])')).toEqual([]);
    expect(classesNeeded('a[href$=".pdf"]')).toEqual([]);
    expect(classesNeeded('.md\\:wide.on')).toEqual(['md:wide', 'on']);
    expect(classesNeeded('html[data-saver=on] .map')).toEqual(['map']);
    expect(classesNeeded('.a::part(x).b')).toEqual(['a']);
  });

  it('keeps every rule in order, at-rules that hold rules opened around theirs', () => {
    const css =
      '@font-face{font-family:X;src:local(X)}:root{--a:1}.a,.b .c{color:red}@media (width>=700px){.a{color:blue}@supports (display:grid){p{margin:0}}}@keyframes spin{to{rotate:1turn}}';
    expect(styleTable(css, '/assets/site.css')).toEqual({
      href: '/assets/site.css',
      rules: [
        { css: '@font-face{font-family:X;src:local(X)}', needs: null, within: [] },
        { css: ':root{--a:1}', needs: null, within: [] },
        { css: '.a,.b .c{color:red}', needs: [['a'], ['b', 'c']], within: [] },
        { css: '.a{color:blue}', needs: [['a']], within: ['@media (width>=700px)'] },
        { css: 'p{margin:0}', needs: null, within: ['@media (width>=700px)', '@supports (display:grid)'] },
        { css: '@keyframes spin{to{rotate:1turn}}', needs: null, within: [] },
      ],
    });
  });
});

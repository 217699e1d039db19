/**
 * The public site's stylesheet written into the built page, as a `<style>` element where Vite
 * would link it: a phone draws the first screen as soon as the page itself has arrived.
 *
 * Why: a stylesheet link holds the first paint for one more round trip, most of the wait on a slow
 * network (800 ms on 2G, 300 ms on 3G), where the stylesheet inside the page takes about 280 ms
 * or 100 ms more to arrive. A page the server renders carries only the rules its markup can use
 * and links the whole file at the end of its body (server/page-styles.ts): the plugin writes the
 * file and, beside the client (`.vite/page-styles.json`), the table of its rules the server cuts
 * from. The shell of the staff pages keeps the whole stylesheet in its head.
 *
 * The file is taken out of the build's record of what each chunk imports (Vite's
 * `viteMetadata.importedCss`) before Vite writes the page and the app's imports: otherwise Vite
 * would link it in the page's head, and the app's first dynamic import would link it again.
 */
import fs from 'node:fs';
import path from 'node:path';
import postcss, { type AtRule, type ChildNode } from 'postcss';
import type { Plugin, Rollup } from 'vite';
import { STYLE_TABLE_FILE, type StyleRule, type StyleTable } from '../server/page-styles';

type OutputChunk = Rollup.OutputChunk;

/** The page with the stylesheets' texts written in at the end of its head. */
export function withStylesheets(html: string, stylesheets: string[]): string {
  if (!html.includes('</head>')) throw new Error('inline-stylesheet: the page has no </head>');
  // Only "</style" would end the element early: a stylesheet has no reason to hold it.
  for (const css of stylesheets)
    if (/<\/style/i.test(css)) throw new Error('inline-stylesheet: a stylesheet holds "</style"');
  const styles = stylesheets.map((css) => `<style>${css}</style>`).join('');
  return html.replace('</head>', `${styles}\n  </head>`);
}

/**
 * The classes a selector needs: those outside brackets and parentheses (`.a:not(.b)` needs a,
 * `[href$=".pdf"]` none, `:where(.a,.b)` none) and before a pseudo-element.
 */
export function classesNeeded(selector: string): string[] {
  let bare = '';
  let depth = 0;
  let quote = '';
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '\\') {
      if (depth === 0) bare += c + (selector[i + 1] ?? '');
      i++;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) bare += c;
  }
  bare = bare.split('::')[0]!;
  return [...bare.matchAll(/\.((?:[\w-]|\\.)+)/g)].map(([, name]) => name!.replace(/\\(.)/g, '$1'));
}

/** Every rule of the stylesheet, in order, as server/page-styles.ts reads them. */
export function styleTable(css: string, href: string): StyleTable {
  const rules: StyleRule[] = [];
  const walk = (nodes: ChildNode[], within: string[]) => {
    for (const node of nodes) {
      if (node.type === 'comment' || node.type === 'decl') continue;
      // At-rules that hold rules on a condition (@media, @supports, @layer with a body, @container)
      // are opened around their rules; the others (@font-face, @keyframes, @property) are kept whole.
      if (node.type === 'atrule' && holdsRules(node)) {
        walk(node.nodes!, [...within, `@${node.name}${node.raws.afterName ?? ' '}${node.params}`.trimEnd()]);
        continue;
      }
      const needs = node.type === 'rule' ? node.selectors.map(classesNeeded) : null;
      rules.push({
        css: node.toString(),
        needs: needs && !needs.some((needed) => needed.length === 0) ? needs : null,
        within,
      });
    }
  };
  walk(postcss.parse(css).nodes, []);
  return { href, rules };
}

/** The at-rules whose rules apply on a condition, each on its own (not @keyframes' steps). */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'layer', 'container', 'scope', 'starting-style']);
const holdsRules = (node: AtRule) => node.nodes !== undefined && GROUPING_AT_RULES.has(node.name.toLowerCase());

/** The client build's plugin (before Vite's own, which write the page and the imports). */
export function inlineStylesheet(): Plugin {
  let inPage: string[] = [];
  let table: StyleTable | undefined;
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, OutputChunk>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
      // The styles the page's script imports, itself or through what it imports (Vite moves the
      // styles of a chunk of styles only, with no code, to its importers after this hook).
      const found = new Set<string>();
      const visited = new Set<OutputChunk>();
      const visit = (chunk: OutputChunk) => {
        if (visited.has(chunk)) return;
        visited.add(chunk);
        for (const file of chunk.viteMetadata?.importedCss ?? []) found.add(file);
        for (const file of chunk.imports) if (chunks.has(file)) visit(chunks.get(file)!);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk);
      if (found.size === 0) throw new Error('inline-stylesheet: the page imports no stylesheet');
      inPage = [...found];
      for (const chunk of chunks.values()) for (const file of inPage) chunk.viteMetadata?.importedCss.delete(file);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        if (inPage.length !== 1)
          throw new Error(`inline-stylesheet: the page imports ${inPage.length} stylesheets, not one`);
        const output = bundle[inPage[0]!];
        if (output?.type !== 'asset') throw new Error(`inline-stylesheet: ${inPage[0]} is not in the build`);
        const css = String(output.source);
        table = styleTable(css, `/${output.fileName}`);
        return withStylesheets(html, [css]);
      },
    },
    writeBundle({ dir }) {
      if (!table || !dir) return;
      fs.mkdirSync(path.join(dir, path.dirname(STYLE_TABLE_FILE)), { recursive: true });
      fs.writeFileSync(path.join(dir, STYLE_TABLE_FILE), JSON.stringify(table));
    },
  };
}

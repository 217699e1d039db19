/**
 * The public site's stylesheet written into the built page, as a `<style>` element where Vite
 * would link it: a phone draws the first screen as soon as the page itself has arrived.
 *
 * Why: a stylesheet link holds the first paint for one more round trip, most of the wait on a slow
 * network (800 ms on 2G, 300 ms on 3G), where the stylesheet inside the page takes about 280 ms
 * or 100 ms more to arrive. Most visits are one page from the server and then the app's own moves
 * between pages, which keep the element, so the styles rarely come twice; a reload brings them
 * again (about 9 kB compressed).
 *
 * The file is taken out of the build's record of what each chunk imports (Vite's
 * `viteMetadata.importedCss`) before Vite writes the page and the app's imports: otherwise Vite
 * would link it in the page, and the app's first dynamic import, finding no link, would fetch it
 * again. The file itself is not written: nothing would ask for it.
 */
import type { Plugin, Rollup } from 'vite';

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

/** The client build's plugin (before Vite's own, which write the page and the imports). */
export function inlineStylesheet(): Plugin {
  let inPage: string[] = [];
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
        return withStylesheets(
          html,
          inPage.map((file) => {
            const output = bundle[file];
            if (output?.type !== 'asset') throw new Error(`inline-stylesheet: ${file} is not in the build`);
            // Nothing asks for the file any more: it is not written.
            delete bundle[file];
            return String(output.source);
          }),
        );
      },
    },
  };
}

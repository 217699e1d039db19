import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';
import { inlineStylesheet } from './scripts/inline-stylesheet.ts';
import { reactDomAsModule } from './scripts/react-dom-as-module.ts';

const apiPort = process.env.API_PORT ?? '3001';
const api = `http://127.0.0.1:${apiPort}`;
/**
 * BUNDLE_REPORT=<file.json>: a separate client build (npm run bench:web makes one, in a folder of
 * its own) also writes what each module adds to each chunk, minified and gzipped, read from source
 * maps kept out of the files (`hidden`, so the chunks and their names are those of the real build).
 */
const bundleReport = process.env.BUNDLE_REPORT;

/**
 * Which modules a module imports statically, however deep: recorded as the build parses them,
 * asked for once the graph is complete (chunking).
 */
function staticImportGraph() {
  const imports = new Map<string, readonly string[]>();
  const closures = new Map<string, Set<string>>();
  const walk = (entry: string) => {
    const found = new Set<string>();
    const queue = [entry];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (found.has(id)) continue;
      found.add(id);
      queue.push(...(imports.get(id) ?? []));
    }
    return found;
  };
  return {
    plugin: {
      name: 'static-imports',
      apply: 'build',
      buildStart() {
        imports.clear();
        closures.clear();
      },
      moduleParsed(info: { id: string; importedIds: readonly string[] }) {
        imports.set(info.id, info.importedIds);
      },
    } satisfies PluginOption,
    imports(entry: string, id: string) {
      let closure = closures.get(entry);
      if (!closure) {
        closure = walk(entry);
        closures.set(entry, closure);
      }
      return closure.has(id);
    },
  };
}
const staticImports = staticImportGraph();
const clientFile = (file: string) => fileURLToPath(new URL(`./client/${file}`, import.meta.url));
/** Vite's own modules (loading a chunk with its files, the module preload polyfill). */
const isBundlerHelper = (id: string) => id.startsWith('\0vite/');
/**
 * The app's chunk: what client/entry-client.tsx needs before it runs, but what the page's first
 * script (client/boot.ts) needs itself, and TanStack Query's modules (see build); and the public
 * pages' query inputs.
 */
const inAppChunk = (id: string) =>
  (staticImports.imports(clientFile('entry-client.tsx'), id) &&
    !staticImports.imports(clientFile('boot.ts'), id) &&
    !/[\\/]@tanstack[\\/]/.test(id)) ||
  // The inputs of the public pages' queries (a few hundred bytes, shared by three pages and the
  // server's prefetch): on their own they would be one more request on a first visit.
  id === clientFile('pages/public/page-queries.ts');

/**
 * The page's first script and its styles (the 'index' group below), and the bundler's runtime. A
 * later chunk also named index would only lose its preload link, loading a moment later.
 */
const loadedBeforeTheApp = (file: string) => /^assets\/(?:index|rolldown-runtime)-[\w-]+\.(?:js|css)$/.test(file);

// The client build writes a manifest, from which scripts/build.mjs lists what the service worker
// keeps ahead;
// `vite build --ssr entry-server.tsx` builds the server's renderer from the same components.
// In development Vite serves the client and forwards the server's paths to the API process.
// GET /campaigns is both a page and the REST list: only non-HTML requests go to the API.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'client',
  publicDir: 'public',
  plugins: [
    react(),
    reactDomAsModule(),
    isSsrBuild ? null : inlineStylesheet(),
    staticImports.plugin,
    bundleReport && !isSsrBuild
      ? (visualizer({ filename: bundleReport, template: 'raw-data', gzipSize: true, sourcemap: true }) as PluginOption)
      : null,
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./client/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  // No source maps in the real build: they would publish the whole client source to anyone (the server's stay in dist/server).
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: bundleReport ? 'hidden' : false,
    manifest: true,
    // No polyfill for <link rel="modulepreload"> (about 0.25 kB on every first visit): every
    // browser the phones run has it (Chrome 66, Firefox 115, Safari 17); an older one loads a
    // page's modules one after another instead, which still works.
    // The app's own imports (a page, a part of one) skip preload links for what every page has
    // loaded before the app runs: the first script, its styles and the bundler's runtime (which
    // the app's chunk imports). Appending a link costs a slow phone a millisecond or more each,
    // in the task that goes on to hydrate the page.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId }) =>
        loadedBeforeTheApp(hostId) ? deps : deps.filter((dep) => !loadedBeforeTheApp(dep)),
    },
    copyPublicDir: !isSsrBuild,
    // A font stays a file of its own, fetched only for the characters a page shows (unicode-range).
    assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
    // What the app's entry needs before it runs, in one file: left to itself the bundler makes half
    // a dozen small ones of it (each also used by some page), each compressed on its own (about
    // 2 kB more on a first visit) and each a request on a slow connection. The page's first
    // script keeps its own imports and the bundler's helpers, so it loads nothing before the first
    // paint; TanStack Query's index stays out, so only the parts the app imports come along, not
    // the dashboard's hooks (infinite lists, parallel queries).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'index',
                  test: (id: string) => staticImports.imports(clientFile('boot.ts'), id) || isBundlerHelper(id),
                  priority: 1,
                },
                { name: 'app', test: (id: string) => inAppChunk(id) },
              ],
            },
          },
        },
  },
  server: {
    proxy: {
      '/trpc': api,
      '/api': api,
      '/upload': api,
      '/healthz': api,
      '/readyz': api,
      '/campaigns': {
        target: api,
        bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
      },
    },
  },
}));

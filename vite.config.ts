import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';
const api = `http://127.0.0.1:${apiPort}`;

// The client build writes a manifest, from which the server preloads each rendered page's chunks;
// `vite build --ssr entry-server.tsx` builds the server's renderer from the same components.
// In development Vite serves the client and forwards the server's paths to the API process.
// GET /campaigns is both a page and the REST list: only non-HTML requests go to the API.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'client',
  publicDir: 'public',
  plugins: [react()],
  // No source maps: they would publish the whole client source to anyone (the server's stay in dist/server).
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    copyPublicDir: !isSsrBuild,
    // A font stays a file of its own, fetched only for the characters a page shows (unicode-range).
    assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
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

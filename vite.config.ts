import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';
const api = `http://127.0.0.1:${apiPort}`;

// In development Vite serves the client and forwards the server's paths to the API process.
// GET /campaigns is both a page and the REST list: only non-HTML requests go to the API.
export default defineConfig(({ mode }) => ({
  root: 'client',
  resolve: {
    // react-router exports only its development build; production builds take the smaller one.
    alias: (mode === 'production'
      ? { 'react-router': path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs') }
      : {}) as Record<string, string>,
  },
  publicDir: 'public',
  plugins: [react()],
  // No source maps: they would publish the whole client source to anyone (the server's stay in dist/server).
  build: { outDir: '../dist/client', emptyOutDir: true, sourcemap: false },
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

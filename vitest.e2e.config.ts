import { defineConfig } from 'vitest/config';

// Browser tests against the built server; one file at a time keeps the two cores for Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});

import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit, component and server tests. Browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  plugins: [react()],
  test: {
    // Two test files at once even on two cores (Vitest's default would be one): the server tests
    // mostly wait on their databases, password hashing (Node's thread pool) and sockets.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/shared/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global.ts'],
          setupFiles: ['tests/setup/messages.ts', 'tests/setup/password-cost.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/client.ts'],
        },
      },
    ],
  },
});

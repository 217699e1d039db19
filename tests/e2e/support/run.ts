/**
 * One built server and one Chromium per test file, started together before its tests and stopped
 * after them, with a signed-in admin's token ready for API calls.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiLogin } from './api';
import { launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';

export interface E2eRun {
  server: RunningServer;
  browser: Browser;
  token: string;
}

/**
 * Call inside the file's describe; the fields are set once its beforeAll hooks run. `env` is the
 * server's extra configuration, made when the hooks run (startServer).
 */
export function e2eRun(env?: () => Promise<Parameters<typeof startServer>[0]>): E2eRun {
  const run = {} as E2eRun;
  beforeAll(async () => {
    [run.server, run.browser] = await Promise.all([startServer(await env?.()), launchBrowser()]);
    run.token = await apiLogin(run.server.url);
  });
  afterAll(async () => {
    await run.browser?.close();
    await run.server?.stop();
  });
  return run;
}

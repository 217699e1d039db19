/**
 * Runs once before the server tests: writes the images every fresh PGlite starts from, and finds
 * out whether the real PostgreSQL answers. Without it the suite says so loudly and runs on PGlite
 * alone, unless REQUIRE_POSTGRES=1 makes that a failure.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type PgliteImages, writePgliteImages } from './pglite-images';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
    pgliteImages: PgliteImages;
  }
}

export default async function setup(project: TestProject) {
  const { images, remove } = await writePgliteImages();
  project.provide('pgliteImages', images);
  project.provide('postgresUrl', await postgresUrl());
  return remove;
}

/** The test PostgreSQL's address when it answers and this run covers it; null otherwise. */
async function postgresUrl(): Promise<string | null> {
  // TEST_ENGINES=pglite runs the embedded half only (the second pass on Node 24 does).
  if (process.env.TEST_ENGINES === 'pglite') {
    console.log('TEST_ENGINES=pglite: the server tests run on PGlite only.');
    return null;
  }
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  let reachable = false;
  try {
    await client.connect();
    await client.query('select 1');
    reachable = true;
  } catch (error) {
    const line = `PostgreSQL at ${url} is not reachable (${(error as Error).message}).`;
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`${line} REQUIRE_POSTGRES=1 makes this a failure.`);
    const bar = '!'.repeat(78);
    console.warn(
      `\n${bar}\n${line}\nRunning the server tests on PGlite ONLY. Start PostgreSQL to run both halves.\n${bar}\n`,
    );
  } finally {
    await client.end().catch(() => {});
  }
  return reachable ? url : null;
}

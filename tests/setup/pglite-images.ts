/**
 * Every fresh PGlite a server test opens starts from an image of a database made once per run,
 * bare or migrated, instead of running initdb (seconds of WebAssembly each time) and then every
 * migration again: the suite opens a few hundred.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { migrateToLatest } from '../../server/db/migrator';

/** Where the images are: files, since each test file runs in a process of its own. */
export interface PgliteImages {
  /** Right after initdb, for the tests of the migrations themselves. */
  bare: string;
  /** At the latest migration. */
  migrated: string;
}

/** Writes both images into a new temporary folder; `remove` deletes it. */
export async function writePgliteImages(): Promise<{ images: PgliteImages; remove(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-pglite-'));
  const images: PgliteImages = { bare: path.join(dir, 'bare.tar'), migrated: path.join(dir, 'migrated.tar') };
  const pglite = await PGlite.create();
  // A checkpoint first, so a database opened from the image has nothing to replay.
  const dump = async (file: string) => {
    await pglite.exec('checkpoint');
    fs.writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  };
  try {
    await dump(images.bare);
    await migrateToLatest(new Kysely({ dialect: new PGliteDialect({ pglite }) }));
    await dump(images.migrated);
  } finally {
    await pglite.close();
  }
  return { images, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

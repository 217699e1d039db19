/**
 * One line of a backup (one row) is read as it streams and held to MAX_LINE_BYTES: a forged part
 * of one endless line is refused at once with bounded memory, while the largest row the site
 * writes (a full-size image, as hex) still restores. A file of its own, so the process's memory
 * is measured before other tests have grown it.
 */
import { once } from 'node:events';
import { PassThrough, pipeline, Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationLevel, writeBackup } from '../../server/backup/dump';
import { type BackupHeader, FORMAT, FORMAT_VERSION, MAX_LINE_BYTES } from '../../server/backup/format';
import { restoreBackup } from '../../server/backup/load';
import { IMAGE_MAX_DIMENSION } from '../../shared/constants';
import { insertStaff } from '../helpers/app';
import { freshDatabase, type TestDatabase } from '../helpers/databases';

const MB = 1024 * 1024;

/** The collector, so memory is measured from what is live, not from the garbage earlier steps left. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
/** Collected, and the buffers it freed given back: V8 releases their memory in a task after the collection. */
async function settled() {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 100));
  collectGarbage();
}

/**
 * A backup whose one part is a single line of `bytes` bytes without an end, made only as fast as
 * the restore reads it: neither side ever holds it whole. `onWrite` runs after each megabyte the
 * restore took.
 */
function oneLineBackup(header: BackupHeader, part: string, bytes: number, onWrite = () => {}): Readable {
  const pack = tar.pack();
  const head = Buffer.from(JSON.stringify(header));
  pack.entry({ name: 'backup.json', size: head.length }, head);
  const entry = pack.entry({ name: part, size: bytes });
  const chunk = Buffer.alloc(MB, 'a');
  void (async () => {
    for (let written = 0; written < bytes; written += chunk.length) {
      if (!entry.write(chunk)) await once(entry, 'drain');
      onWrite();
    }
    entry.end(undefined);
    pack.finalize();
  })().catch(() => {});
  return pipeline(pack, createGzip({ level: 1 }), () => {});
}

const staffRows = async (db: TestDatabase['db']) =>
  (await db.selectFrom('admin_users').select('email').orderBy('email').execute()).map((r) => r.email);

describe('one line of a backup', () => {
  let target: TestDatabase;
  beforeAll(async () => {
    target = await freshDatabase('pglite');
  }, 60_000);
  afterAll(() => target.close());

  it('refuses a part of one 300 MB line within seconds, holding no more than the bound in memory', async () => {
    await insertStaff(target.db, 'editor');
    const held = await staffRows(target.db);
    const header: BackupHeader = {
      format: FORMAT,
      version: FORMAT_VERSION,
      migration: await migrationLevel(target.db),
      createdAt: new Date().toISOString(),
      engine: 'pglite',
      sequences: {},
    };
    // Live memory (the heap and buffers), sampled after every megabyte the restore takes and on a
    // timer: a timer alone can miss the whole read on a busy machine, which is over in 0.3 s. Not
    // the resident size: it keeps pages the allocator holds on to after buffers are freed, and grew
    // from 0 to 256 MB in runs of the same code on a busy machine, the live peak unchanged.
    const live = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    await settled();
    const before = live();
    let peak = before;
    const sample = () => {
      peak = Math.max(peak, live());
    };
    const file = oneLineBackup(header, 'tables/campaigns/000001.jsonl', 300 * MB, sample);
    const sampler = setInterval(sample, 5);
    const started = Date.now();
    const error = await restoreBackup(target, file, { replace: true }).catch((e: unknown) => e);
    clearInterval(sampler);
    sample();
    const seconds = (Date.now() - started) / 1000;
    const grew = (peak - before) / MB;
    console.log(`one 300 MB line refused in ${seconds.toFixed(2)} s; live memory grew at most ${grew.toFixed(0)} MB`);
    expect((error as Error).message).toBe(
      'tables/campaigns/000001.jsonl holds a line longer than 32 MB, more than any row of the site: the file was changed or damaged',
    );
    // The line held up to the bound, plus the streams' buffers and garbage not yet collected
    // (41–52 MB in all on a busy machine); reading the line whole would be over 300 MB.
    expect(grew).toBeLessThan((3 * MAX_LINE_BYTES) / MB);
    expect(seconds).toBeLessThan(10);
    expect(await staffRows(target.db)).toEqual(held);
  }, 30_000);

  it('holds the largest row the site writes: a full-size image, at most its raw pixels, as hex', async () => {
    const source = await freshDatabase('pglite');
    try {
      // More bytes than any WebP the image pipeline stores (IMAGE_MAX_DIMENSION² pixels): a line of twice that.
      const size = IMAGE_MAX_DIMENSION ** 2 * 4;
      await sql`insert into uploads (name, width, height, byte_size) values ('big.webp', 1600, 1600, ${size})`.execute(
        source.db,
      );
      await sql`insert into upload_variants (upload_name, width, content_type, etag, data)
        values ('big.webp', 0, 'image/webp', '"big"', decode(repeat('5a', ${size}), 'hex'))`.execute(source.db);
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      await writeBackup(source, out);
      await restoreBackup(target, Readable.from(Buffer.concat(chunks)), { replace: true });
      const image = sql<{
        size: number;
        hash: string;
      }>`select length(data) as size, md5(data) as hash from upload_variants`;
      const { rows } = await image.execute(target.db);
      expect(rows).toEqual((await image.execute(source.db)).rows);
      expect(rows[0]!.size).toBe(size);
    } finally {
      await source.close();
    }
  }, 60_000);
});

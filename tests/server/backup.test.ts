/**
 * Backups and restores, proven by round trips: a site with campaigns, images, every kind of
 * submission, staff, audit rows, pledges, a statement and gifts moves from PGlite to PostgreSQL
 * and back with equal rows in every table, the same image bytes served, and an admin who signs in
 * with the same password. Damaged, cut, wrongly sealed and future backups, a target that holds
 * data, and entries the manifest does not list or that are not files (a line longer than any row:
 * backup-lines.test.ts) are refused with one clear line, leaving the target's rows as they were.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import sharp from 'sharp';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/service';
import { writeBackup } from '../../server/backup/dump';
import { BackupError } from '../../server/backup/format';
import { restoreBackup } from '../../server/backup/load';
import { backupTables } from '../../server/backup/tables';
import type { DB } from '../../server/db/database';
import { multipartBody } from '../fixtures/multipart';
import { ADMIN, createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { freshDatabase, type TestDatabase, testDatabases } from '../helpers/databases';
import { campaignPayload, FORM_TYPES, FORMS } from '../helpers/fixtures';
import { waitFor } from '../helpers/wait';

async function backupBytes(handle: TestDatabase, passphrase?: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeBackup(handle, out, { passphrase });
  return Buffer.concat(chunks);
}

interface TarEntry {
  header: Partial<tar.Header> & { name: string };
  body: Buffer;
}

/** A backup's entries, to forge variations of it. */
async function unpack(file: Buffer): Promise<TarEntry[]> {
  const list: TarEntry[] = [];
  for await (const entry of Readable.from(gunzipSync(file)).pipe(tar.extract())) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    list.push({ header: entry.header, body: Buffer.concat(chunks) });
  }
  return list;
}

async function repack(list: TarEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const { header, body } of list) pack.entry({ ...header, size: body.length }, body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

/** The backup with `extra` added just before its manifest (after every part's rows are in). */
async function withEntry(file: Buffer, extra: TarEntry): Promise<Buffer> {
  const list = await unpack(file);
  list.splice(list.length - 1, 0, extra);
  return repack(list);
}

/** Rows and a content hash per table: equal on both sides after a move. */
async function fingerprint(db: DB): Promise<Record<string, { rows: number; hash: string }>> {
  const result: Record<string, { rows: number; hash: string }> = {};
  for (const table of await backupTables(db)) {
    const { rows } = await sql<{ n: string; hash: string | null }>`
      select count(*)::text as n, md5(string_agg(row_to_json(t)::text, E'\\n' order by row_to_json(t)::text)) as hash
        from ${sql.table(table)} t`.execute(db);
    result[table] = { rows: Number(rows[0]!.n), hash: rows[0]!.hash ?? '' };
  }
  return result;
}

/** A site with something in every table a backup holds. */
async function fillSite(t: TestApp): Promise<{ imagePath: string }> {
  const jpeg = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#1d6b5e' } })
    .jpeg()
    .toBuffer();
  const { payload, headers } = await multipartBody([
    { field: 'image', data: jpeg, filename: 'well.jpg', type: 'image/jpeg' },
  ]);
  const uploaded = await t.asAdmin({ method: 'POST', url: '/upload/single', payload, headers });
  const imagePath = uploaded.json().path as string;
  const created = await t.asAdmin({
    method: 'POST',
    url: '/campaigns',
    payload: campaignPayload({
      title: 'Wells for Gezawa — Ɗanladi’s ward',
      image: imagePath,
      amountRaised: 1000,
      updates: [{ date: '2026-11-01', content: 'Drilling began.' }],
    }),
  });
  const campaignId = created.json().campaign._id;
  for (const type of FORM_TYPES) {
    await t.app.inject({ method: 'POST', url: `/api/submissions/${type}/register`, payload: FORMS[type].payload() });
  }
  const finance = await insertStaff(t.deps.db, 'finance');
  const financeToken = await issueToken(t.deps, finance);
  const pledge = (
    await t.app.inject({
      method: 'POST',
      url: '/api/pledges',
      payload: { campaignId, amount: 5000, name: 'Amina Bello' },
    })
  ).json().data;
  const day = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
  const csv = `Trans Date,Narration,Debit,Credit,Balance\r\n${day},TRF ${pledge.reference},,"5,000.00","5,000.00"\r\n${day},LEVY,50.00,,"4,950.00"\r\n`;
  const file = await multipartBody([{ field: 'file', data: csv, filename: 'statement.csv', type: 'text/csv' }]);
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/statements',
    payload: file.payload,
    headers: { ...file.headers, authorization: `Bearer ${financeToken}` },
  });
  const { statementId } = imported.json();
  const lines = (
    await t.app.inject({
      method: 'GET',
      url: `/api/statements/${statementId}/lines`,
      headers: { authorization: `Bearer ${financeToken}` },
    })
  ).json().lines;
  await t.app.inject({
    method: 'POST',
    url: `/api/statements/${statementId}/confirm`,
    payload: { lineIds: [lines[0].id] },
    headers: { authorization: `Bearer ${financeToken}` },
  });
  return { imagePath };
}

const kinds = testDatabases();
const other = (kind: 'pglite' | 'postgres') =>
  kinds.includes('postgres') ? (kind === 'pglite' ? 'postgres' : 'pglite') : 'pglite';

describe.each(kinds)('a backup from %s', (kind) => {
  let source: TestApp;
  let bytes: Buffer;
  let imagePath: string;
  let before: Record<string, { rows: number; hash: string }>;

  beforeAll(async () => {
    source = await createTestApp(kind);
    ({ imagePath } = await fillSite(source));
    before = await fingerprint(source.deps.db);
    bytes = await backupBytes(source.database);
  }, 120_000);
  afterAll(() => source.close());

  it(`restores into ${other(kind)} with every table equal, the same image bytes, and the same passwords`, async () => {
    const target = await freshDatabase(other(kind), { migrate: false });
    try {
      const result = await restoreBackup(target, Readable.from(bytes));
      expect(result.header.engine).toBe(kind);
      const after = await fingerprint(target.db);
      expect(after).toEqual(before);
      for (const table of [
        'campaigns',
        'campaign_updates',
        'uploads',
        'upload_variants',
        'admin_users',
        'audit_events',
        'pledges',
        'statement_lines',
        'gifts',
        ...FORM_TYPES.map((t) => FORMS[t].table),
      ]) {
        expect(after[table]?.rows, table).toBeGreaterThan(0);
      }
      // The restored site serves the same image bytes, counts the submissions again, and lets the admin in.
      const restored = await createTestApp(other(kind), { database: target });
      const [was, is] = await Promise.all([
        source.app.inject({ method: 'GET', url: `${imagePath.replace(/^\/?/, '/')}?w=320` }),
        restored.app.inject({ method: 'GET', url: `${imagePath.replace(/^\/?/, '/')}?w=320` }),
      ]);
      expect(is.statusCode).toBe(200);
      expect(is.rawPayload.equals(was.rawPayload)).toBe(true);
      const login = await restored.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
      expect(login.statusCode).toBe(200);
      const stats = await restored.asAdmin({ method: 'GET', url: '/api/submissions?limit=1' });
      const counts = stats.json().counts as Record<string, number>;
      expect(Object.values(counts).every((n) => n === 1)).toBe(true);
      // Receipt numbers go on after the restored ones.
      const next = await sql<{ n: string }>`select nextval('gift_receipt_numbers')::text as n`.execute(target.db);
      expect(Number(next.rows[0]!.n)).toBeGreaterThan(1);
      await restored.close();
    } finally {
      await target.close();
    }
  }, 120_000);

  it('refuses a target that holds data unless --replace, then replaces it', async () => {
    const target = await freshDatabase(kind);
    try {
      await insertStaff(target.db, 'editor');
      const held = await fingerprint(target.db);
      await expect(restoreBackup(target, Readable.from(bytes))).rejects.toThrow(
        /already holds data \(admin_users\): add --replace/,
      );
      expect(await fingerprint(target.db)).toEqual(held);
      await restoreBackup(target, Readable.from(bytes), { replace: true });
      expect(await fingerprint(target.db)).toEqual(before);
    } finally {
      await target.close();
    }
  }, 120_000);

  it('refuses damaged, cut, wrongly sealed and future backups, leaving the target as it was', async () => {
    const target = await freshDatabase(kind);
    const empty = await fingerprint(target.db);
    const refusal = async (file: Buffer, passphrase?: string) => {
      const error = await restoreBackup(target, Readable.from(file), { passphrase }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect(await fingerprint(target.db)).toEqual(empty);
      return (error as Error).message;
    };
    try {
      expect(await refusal(bytes.subarray(0, Math.floor(bytes.length * 0.6)))).toMatch(/damaged or cut short/);
      // A byte changed inside a table's part, the archive otherwise intact.
      const tarBytes = gunzipSync(bytes);
      const at = tarBytes.indexOf(Buffer.from('Wells for Gezawa'), tarBytes.indexOf('tables/campaigns/'));
      const flipped = Buffer.from(tarBytes);
      flipped[at] = 'V'.charCodeAt(0);
      expect(await refusal(gzipSync(flipped))).toMatch(/^tables\/campaigns\/000001\.jsonl does not match its checksum/);

      const sealed = await backupBytes(source.database, 'a long passphrase for the backups');
      expect(sealed.subarray(0, 8).toString()).toBe('FNDBAK-A');
      expect(await refusal(sealed, 'not the passphrase')).toBe('The passphrase is wrong');
      const tampered = Buffer.from(sealed);
      tampered[tampered.length - 40] = tampered[tampered.length - 40]! ^ 1;
      expect(await refusal(tampered, 'a long passphrase for the backups')).toMatch(
        /changed or damaged|damaged or cut short/,
      );

      // A backup from a schema this site does not know yet.
      const future = Buffer.from(tarBytes);
      const level = before ? future.indexOf(Buffer.from('"migration": "')) : -1;
      future.write('"migration": "2999', level);
      expect(await refusal(gzipSync(future))).toMatch(/newer version of the site \(schema 2999/);

      // And the sealed one restores with its passphrase.
      await restoreBackup(target, Readable.from(sealed), { passphrase: 'a long passphrase for the backups' });
      expect(await fingerprint(target.db)).toEqual(before);
    } finally {
      await target.close();
    }
  }, 120_000);

  /** A target holding data, and a check that restoring `file` over it (--replace) is refused and keeps it. */
  const targetWithData = async () => {
    const target = await freshDatabase(kind);
    await insertStaff(target.db, 'editor');
    const held = await fingerprint(target.db);
    const refusal = async (file: Buffer) => {
      const error = await restoreBackup(target, Readable.from(file), { replace: true }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect(await fingerprint(target.db)).toEqual(held);
      return (error as Error).message;
    };
    return { target, refusal };
  };

  it('refuses a part its manifest does not list, leaving the target as it was', async () => {
    const { target, refusal } = await targetWithData();
    const part = (name: string, body: Buffer): TarEntry => ({ header: { name, mtime: new Date(0) }, body });
    try {
      // An empty part adds no rows, so only the manifest can tell it is not the writer's.
      expect(await refusal(await withEntry(bytes, part('tables/campaigns/000002.jsonl', Buffer.alloc(0))))).toBe(
        'The backup holds tables/campaigns/000002.jsonl, which its manifest does not list: the file was changed or damaged',
      );
      // A copy of a row, its key changed so that it inserts, in a part of its own.
      const contacts = (await unpack(bytes)).find((e) => e.header.name === 'tables/contact_messages/000001.jsonl')!;
      const row = contacts.body
        .toString()
        .split('\n')[0]!
        .replace(/"id":"[^"]+"/, `"id":"${randomUUID()}"`);
      const extra = part('tables/contact_messages/000002.jsonl', Buffer.from(`${row}\n`));
      expect(await refusal(await withEntry(bytes, extra))).toBe(
        'The backup holds tables/contact_messages/000002.jsonl, which its manifest does not list: the file was changed or damaged',
      );
      // A listed part a second time.
      expect(await refusal(await withEntry(bytes, part('tables/contact_messages/000001.jsonl', Buffer.alloc(0))))).toBe(
        'The backup holds tables/contact_messages/000001.jsonl twice: the file was changed or damaged',
      );
    } finally {
      await target.close();
    }
  }, 120_000);

  it('refuses a link, a folder or any other entry that is not a file, leaving the target as it was', async () => {
    const { target, refusal } = await targetWithData();
    const forged: TarEntry['header'][] = [
      { name: 'tables/campaigns/000002.jsonl', type: 'symlink', linkname: '/etc/passwd' },
      { name: 'tables/campaigns/000002.jsonl', type: 'link', linkname: 'tables/campaigns/000001.jsonl' },
      { name: 'tables/campaigns/', type: 'directory' },
      { name: 'tables/campaigns/000002.jsonl', type: 'fifo' },
    ];
    try {
      for (const header of forged) {
        expect(await refusal(await withEntry(bytes, { header, body: Buffer.alloc(0) }))).toBe(
          `The backup holds ${header.name}, a ${header.type} rather than a file: the file was changed or damaged`,
        );
      }
    } finally {
      await target.close();
    }
  }, 120_000);
});

describe('backups while the site runs', () => {
  it('writes scheduled backups on the embedded database and keeps the newest BACKUP_KEEP', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-'));
    // A backup every 0.4 seconds, three kept.
    const t = await createTestApp('pglite', {
      env: { BACKUP_DIR: dir, BACKUP_EVERY_HOURS: String(0.4 / 3600), BACKUP_KEEP: '3' },
    });
    const { scheduleBackups, listBackups } = await import('../../server/backup/scheduled');
    const stop = scheduleBackups(t.deps, t.app.log);
    const written = async () =>
      (await t.deps.db.selectFrom('audit_events').select('id').where('action', '=', 'backup.written').execute()).length;
    try {
      // The site keeps answering while backups are written, until more were written than are kept.
      let posted = 0;
      await waitFor(
        async () => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/submissions/contact/register',
            payload: FORMS.contact.payload(),
          });
          expect(res.statusCode).toBe(201);
          posted++;
          expect(posted, 'backups written before 1,000 posts').toBeLessThan(1000);
          return (await written()) > 3;
        },
        { what: 'more scheduled backups written than BACKUP_KEEP', timeoutMs: 30_000 },
      );
    } finally {
      stop();
    }
    // A backup is audited just before the oldest beyond BACKUP_KEEP are pruned, and one may still be
    // finishing: wait for the folder to settle.
    const settled = () => listBackups(dir).length === 3 && !fs.readdirSync(dir).some((n) => n.endsWith('.partial'));
    await waitFor(settled, { what: 'the backups pruned to BACKUP_KEEP, none still partial', timeoutMs: 30_000 });
    const files = listBackups(dir);
    // The newest restores.
    const target = await freshDatabase('pglite', { migrate: false });
    await restoreBackup(target, fs.createReadStream(path.join(dir, files[0]!.name)));
    expect((await fingerprint(target.db)).contact_messages!.rows).toBeGreaterThan(0);
    await target.close();
    const status = await t.asAdmin({ method: 'GET', url: '/api/backup/latest' });
    expect(status.json()).toMatchObject({ scheduled: true, keep: 3, latest: { name: files[0]!.name } });
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('GET /api/backup streams a backup an admin can restore, audited; other roles are refused', async () => {
    const t = await createTestApp('pglite');
    await fillSite(t);
    const res = await t.asAdmin({ method: 'GET', url: '/api/backup' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="site-backup-\d{4}-\d{2}-\d{2}T.+\.tar\.gz"$/,
    );
    const target = await freshDatabase('pglite', { migrate: false });
    await restoreBackup(target, Readable.from(res.rawPayload));
    expect(await fingerprint(target.db)).toEqual(await fingerprint(t.deps.db));
    await target.close();
    const audited = await t.deps.db
      .selectFrom('audit_events')
      .select('actor')
      .where('action', '=', 'backup.downloaded')
      .execute();
    expect(audited).toEqual([{ actor: 'admin@example.org' }]);
    const finance = await issueToken(t.deps, await insertStaff(t.deps.db, 'finance'));
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/backup',
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(refused.statusCode).toBe(403);
    await t.close();
  }, 60_000);

  it.skipIf(!kinds.includes('postgres'))(
    'takes one consistent snapshot on PostgreSQL under write load',
    async () => {
      const t = await createTestApp('postgres');
      await fillSite(t);
      const campaignId = (await t.deps.db.selectFrom('campaigns').select('id').executeTakeFirstOrThrow()).id;
      let writing = true;
      const rounds = [0, 0, 0, 0];
      const writers = rounds.map(async (_, w) => {
        let n = 0;
        while (writing) {
          await t.app.inject({
            method: 'POST',
            url: '/api/submissions/volunteer/register',
            payload: FORMS.volunteer.payload(),
          });
          const pledge = await t.app.inject({
            method: 'POST',
            url: '/api/pledges',
            payload: { campaignId, amount: 1000 + w, anonymous: true },
          });
          const { reference } = pledge.json().data;
          const row = await t.deps.db
            .selectFrom('pledges')
            .select('id')
            .where('reference', '=', reference)
            .executeTakeFirstOrThrow();
          await t.asAdmin({ method: 'PUT', url: `/api/pledges/${row.id}`, payload: { status: 'confirmed' } });
          n++;
          rounds[w] = n;
        }
        return n;
      });
      // The snapshot is taken while every writer is under way.
      await waitFor(() => rounds.every((n) => n > 0), { what: 'each writer to finish a round of writes' });
      const bytes = await backupBytes(t.database);
      writing = false;
      const written = await Promise.all(writers);
      expect(written.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      const target = await freshDatabase('pglite', { migrate: false });
      // Foreign keys hold during the restore: no gift without its pledge, no variant without its image.
      await restoreBackup(target, Readable.from(bytes));
      const { checkTotals } = await import('../../server/giving/totals');
      expect(await checkTotals(target.db)).toEqual([]);
      const counts = await sql<{
        n: string;
      }>`select sum(n)::text as n from submission_counts where kind = 'volunteer'`.execute(target.db);
      const rows = await sql<{ n: string }>`select count(*)::text as n from volunteer_submissions`.execute(target.db);
      expect(counts.rows[0]!.n).toBe(rows.rows[0]!.n);
      await target.close();
      await t.close();
    },
    120_000,
  );
});

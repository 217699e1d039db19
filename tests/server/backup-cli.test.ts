/**
 * The move from the embedded database to PostgreSQL as an operator runs it:
 *   npm run backup -- site.tar.gz                      (DATA_DIR names the embedded database)
 *   DATABASE_URL=… npm run restore -- site.tar.gz
 * and each refusal as one clear line with a non-zero exit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite, openPostgres } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrator';
import { scratchDatabase } from '../helpers/databases';
import { runTs } from '../helpers/processes';

const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-cli-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!inject('postgresUrl'))('npm run backup and npm run restore', () => {
  it('moves the embedded database to PostgreSQL, refusing a second restore and a damaged file', async () => {
    const dataDir = tmp();
    const embedded = await openPglite(dataDir);
    await migrateToLatest(embedded.db);
    await sql`insert into contact_messages (id, name, email, phone, subject, message)
      values ('0193a1b2-0000-7000-8000-000000000001', 'Ɗanjuma Ƙarami', 'd@example.org', '', 'Borehole', 'The pump stopped')`.execute(
      embedded.db,
    );
    await embedded.close();

    const file = path.join(tmp(), 'site.tar.gz');
    const backup = await runTs('server/cli/backup.ts', [file], { DATA_DIR: dataDir });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .+site\.tar\.gz: \d+ rows in \d+ tables/);

    const target = await scratchDatabase(inject('postgresUrl')!, 'move');
    try {
      const env = { DATABASE_URL: target.url, DATA_DIR: tmp() };
      const restored = await runTs('server/cli/restore.ts', [file], env);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(/^Restored \d+ rows in \d+ tables from the backup of .+ \(pglite\)/);
      const pg = openPostgres(target.url, { max: 1 });
      const { rows } = await sql<{ name: string }>`select name from contact_messages`.execute(pg.db);
      expect(rows).toEqual([{ name: 'Ɗanjuma Ƙarami' }]);
      await pg.close();

      const again = await runTs('server/cli/restore.ts', [file], env);
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe(
        'The target database already holds data (contact_messages): add --replace to overwrite it',
      );

      const cut = path.join(tmp(), 'cut.tar.gz');
      fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, 200));
      const damaged = await runTs('server/cli/restore.ts', [cut, '--replace'], env);
      expect(damaged.code).toBe(1);
      expect(damaged.stderr.trim().split('\n')).toHaveLength(1);
      expect(damaged.stderr).toMatch(/damaged or cut short/);
      const replaced = await runTs('server/cli/restore.ts', [file, '--replace'], env);
      expect(replaced.code, replaced.stderr).toBe(0);

      const sealed = path.join(tmp(), 'sealed.tar.gz.enc');
      const passphraseFile = path.join(tmp(), 'passphrase');
      fs.writeFileSync(passphraseFile, 'a long passphrase for the backups\n');
      const encrypted = await runTs(
        'server/cli/backup.ts',
        [sealed, '--encrypt', '--passphrase-file', passphraseFile],
        {
          DATA_DIR: dataDir,
        },
      );
      expect(encrypted.code, encrypted.stderr).toBe(0);
      const noPassphrase = await runTs('server/cli/restore.ts', [sealed, '--replace'], env);
      expect(noPassphrase.stderr.trim()).toMatch(/^This backup is encrypted: give its passphrase/);
      const wrong = await runTs('server/cli/restore.ts', [sealed, '--replace'], {
        ...env,
        BACKUP_PASSPHRASE: 'not the passphrase at all',
      });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr.trim()).toBe('The passphrase is wrong');
    } finally {
      await target.drop();
    }
  }, 180_000);
});

/**
 * The server's own backups, for both engines (the embedded one cannot be read by another process
 * while the server runs): every BACKUP_EVERY_HOURS into BACKUP_DIR, the newest BACKUP_KEEP kept,
 * sealed with BACKUP_PASSPHRASE when it is set. The first comes one interval after the newest
 * backup already there, so restarts neither skip nor repeat one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { audit, SYSTEM } from '../audit/audit';
import type { Deps } from '../deps';
import { writeBackup } from './dump';

const PREFIX = 'site-backup-';
const HOUR_MS = 60 * 60 * 1000;

export const engineOf = (deps: Pick<Deps, 'config'>): 'postgres' | 'pglite' =>
  deps.config.databaseUrl ? 'postgres' : 'pglite';

/** A file name that sorts by time and says what it is. */
export const backupFileName = (at: Date, encrypted: boolean) =>
  `${PREFIX}${at.toISOString().replace(/[:.]/g, '-')}.tar.gz${encrypted ? '.enc' : ''}`;

export interface BackupFile {
  name: string;
  bytes: number;
  at: string;
}

/** The backups in BACKUP_DIR, newest first. */
export function listBackups(dir: string): BackupFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(PREFIX) && !name.endsWith('.partial'))
    .map((name) => {
      const stat = fs.statSync(path.join(dir, name));
      return { name, bytes: stat.size, at: stat.mtime.toISOString() };
    })
    .sort((a, b) => (a.name < b.name ? 1 : -1));
}

/** Writes one backup into BACKUP_DIR and prunes the oldest beyond BACKUP_KEEP. */
export async function backupToDir(deps: Pick<Deps, 'db' | 'config' | 'now'>): Promise<BackupFile> {
  const { dir, keep, passphrase } = deps.config.backup;
  if (!dir) throw new Error('BACKUP_DIR is not set');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const at = deps.now();
  const name = backupFileName(at, passphrase !== undefined);
  const partial = path.join(dir, `${name}.partial`);
  try {
    const result = await writeBackup(
      { db: deps.db, kind: engineOf(deps) },
      fs.createWriteStream(partial, { mode: 0o600 }),
      {
        passphrase,
        now: at,
      },
    );
    fs.renameSync(partial, path.join(dir, name));
    await audit(deps.db, SYSTEM, 'backup.written', name, `${result.bytes} bytes`);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  for (const old of listBackups(dir).slice(keep)) fs.rmSync(path.join(dir, old.name), { force: true });
  return listBackups(dir).find((b) => b.name === name)!;
}

/** Starts the schedule when BACKUP_DIR is set; answers a function that stops it. */
export function scheduleBackups(deps: Deps, log: FastifyBaseLogger): () => void {
  const { dir, everyHours } = deps.config.backup;
  if (!dir) return () => {};
  const every = everyHours * HOUR_MS;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    try {
      const file = await backupToDir(deps);
      log.info({ backup: file.name, bytes: file.bytes }, 'backup written');
    } catch (error) {
      log.error({ err: error }, 'backup failed');
    }
    if (!stopped) schedule(every);
  };
  const schedule = (delay: number) => {
    timer = setTimeout(() => void run(), Math.max(0, delay));
    timer.unref();
  };
  const newest = listBackups(dir)[0];
  schedule(newest ? new Date(newest.at).getTime() + every - Date.now() : every);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

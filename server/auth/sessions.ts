/**
 * The one way an account's sessions end (a new password, a reset, a disabled account): every
 * open session row of the account is revoked and, unless the caller keeps its own session, the
 * account's token version moves on, so every token issued before is refused on every instance.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database';

export async function endSessions(db: DB, adminId: string, now: Date, options: { keep?: string } = {}): Promise<void> {
  if (!options.keep)
    await db
      .updateTable('admin_users')
      .set({ tokenVersion: sql`token_version + 1` })
      .where('id', '=', adminId)
      .execute();
  let sessions = db
    .updateTable('admin_sessions')
    .set({ revokedAt: now })
    .where('adminId', '=', adminId)
    .where('revokedAt', 'is', null);
  if (options.keep) sessions = sessions.where('id', '!=', options.keep);
  await sessions.execute();
}

/** Staff notes on a submission: who wrote what, when. Deleted with the entry (an erasure takes all). */
import type { Kysely } from 'kysely';
import type { SubmissionType } from '../../shared/constants';
import { t } from '../../shared/messages';
import { type Actor, audit } from '../audit/audit';
import type { StaffUser } from '../auth/service';
import type { DB } from '../db/database';
import { isId, newId } from '../db/ids';
import type { Deps } from '../deps';
import { NotFoundError } from '../errors';
import { KINDS } from './kinds';

export interface SubmissionNote {
  id: string;
  author: string;
  body: string;
  createdAt: string;
}

/** Throws 404 unless the entry exists; `lock` holds it (FOR SHARE) until the transaction ends. */
async function assertEntryExists(db: DB, type: SubmissionType, id: string, lock = false): Promise<void> {
  if (!isId(id)) throw new NotFoundError(t('submission.notFound'));
  let query = (db as unknown as Kysely<Record<string, { id: string }>>)
    .selectFrom(KINDS[type].table)
    .select('id')
    .where('id', '=', id);
  if (lock) query = query.forShare();
  const found = await query.executeTakeFirst();
  if (!found) throw new NotFoundError(t('submission.notFound'));
}

/** The entry's notes, oldest first (they read as a conversation). */
export async function listNotes(deps: Pick<Deps, 'db'>, type: SubmissionType, id: string): Promise<SubmissionNote[]> {
  await assertEntryExists(deps.db, type, id);
  const rows = await deps.db
    .selectFrom('submission_notes as n')
    .leftJoin('admin_users as u', 'u.id', 'n.authorId')
    .select(['n.id', 'n.author', 'u.name', 'n.body', 'n.createdAt'])
    .where('n.kind', '=', type)
    .where('n.submissionId', '=', id)
    .orderBy('n.createdAt')
    .orderBy('n.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    // The author's current name while the account exists, the name written down otherwise.
    author: row.name || row.author,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Adds a note by the signed-in user. Audited (without the note's text, which may be personal). */
export async function addNote(
  deps: Pick<Deps, 'db' | 'now'>,
  user: StaffUser,
  input: { type: SubmissionType; id: string; body: string },
  actor: Actor,
): Promise<{ message: string; note: SubmissionNote }> {
  const note = {
    id: newId(),
    kind: input.type,
    submissionId: input.id,
    authorId: user.id,
    author: user.name || user.email,
    body: input.body,
    createdAt: deps.now(),
  };
  await deps.db.transaction().execute(async (trx) => {
    // Locked, so an entry deleted at the same moment cannot keep an orphan note.
    await assertEntryExists(trx, input.type, input.id, true);
    await trx.insertInto('submission_notes').values(note).execute();
    await audit(trx, actor, 'submission.noted', `${input.type}/${input.id}`);
  });
  return {
    message: t('notes.added'),
    note: { id: note.id, author: note.author, body: note.body, createdAt: note.createdAt.toISOString() },
  };
}

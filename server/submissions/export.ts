/**
 * CSV export of one kind's submissions, as Excel opens it (lib/csv: byte-order mark, formulas
 * neutralised), one header row, lists joined by "; ", dates in Lagos time with their offset, and
 * a last column with the staff notes of each entry. Rows are read a page at a time, so memory
 * stays flat.
 */
import { once } from 'node:events';
import type { SubmissionType } from '../../shared/constants';
import { lagosIso } from '../../shared/lagos-time';
import { type Actor, audit } from '../audit/audit';
import { after, cursorOf, pageOf } from '../db/keyset';
import type { Deps } from '../deps';
import { csvStream, safeCell } from '../lib/csv';
import { KINDS } from './kinds';
import { filteredQuery } from './service';

const BATCH = 500;

/** `registrationDate` → `Registration date`; `_id` → `ID`. */
export const headerOf = (key: string) =>
  key === '_id'
    ? 'ID'
    : key
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/^./, (c) => c.toUpperCase())
        .replace(/ ([A-Z])(?=[a-z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

/** The wire's instants (ISO in UTC), written as Lagos wall-clock time with its offset: what staff read in a spreadsheet. */
const DATE_KEYS = new Set(['registrationDate', 'subscriptionDate', 'createdAt']);

/** The last column: each entry's staff notes. */
const NOTES_KEY = 'notes';

const cellOf = (key: string, value: unknown): string =>
  safeCell(
    Array.isArray(value)
      ? value.join('; ')
      : value === null || value === undefined
        ? ''
        : DATE_KEYS.has(key) && typeof value === 'string'
          ? lagosIso(new Date(value))
          : String(value),
  );

/** The notes of these entries, oldest first, one line each: "<Lagos time> <author>: <text>". */
async function notesOf(deps: Pick<Deps, 'db'>, type: SubmissionType, ids: string[]): Promise<Map<string, string>> {
  const notes = new Map<string, string>();
  if (ids.length === 0) return notes;
  const rows = await deps.db
    .selectFrom('submission_notes as n')
    .leftJoin('admin_users as u', 'u.id', 'n.authorId')
    .select(['n.submissionId', 'n.author', 'u.name', 'n.body', 'n.createdAt'])
    .where('n.kind', '=', type)
    .where('n.submissionId', 'in', ids)
    .orderBy('n.createdAt')
    .orderBy('n.id')
    .execute();
  for (const row of rows) {
    // The author's current name while the account exists, as the notes list shows it.
    const line = `${lagosIso(row.createdAt)} ${row.name || row.author}: ${row.body}`;
    const before = notes.get(row.submissionId);
    notes.set(row.submissionId, before ? `${before}\n${line}` : line);
  }
  return notes;
}

/** Every matching row as the API answers it, with its notes, newest first, a page at a time. */
async function* wireRows(deps: Pick<Deps, 'db'>, type: SubmissionType, filters: { q?: string; status?: string }) {
  const kind = KINDS[type];
  let cursor: string | null = null;
  do {
    let query = filteredQuery(deps.db, kind, filters)
      .select(cursorOf(kind.listOrder))
      .limit(BATCH + 1);
    if (cursor) query = query.where(after(kind.listOrder, cursor));
    const page = pageOf(await query.execute(), BATCH);
    const rows = page.rows.map((row) => (kind.toWire as (r: unknown) => Record<string, unknown>)(row));
    const notes = await notesOf(
      deps,
      type,
      rows.map((row) => String(row._id)),
    );
    for (const row of rows) {
      const withNotes: Record<string, unknown> = { ...row, [NOTES_KEY]: notes.get(String(row._id)) ?? '' };
      yield withNotes;
    }
    cursor = page.nextCursor;
  } while (cursor);
}

export const csvFilename = (type: SubmissionType, now: Date) => `${type}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * The CSV as a stream of text. The export is audited once the last row is written, with the count
 * (the filters say what was asked for).
 */
export function exportCsv(
  deps: Pick<Deps, 'db'>,
  type: SubmissionType,
  filters: { q?: string; status?: string },
  actor: Actor,
): NodeJS.ReadableStream {
  const csv = csvStream();
  void (async () => {
    let count = 0;
    let header: string[] | null = null;
    for await (const row of wireRows(deps, type, filters)) {
      // The reader went away: stop reading.
      if (csv.destroyed) return;
      if (!header) {
        header = Object.keys(row);
        csv.write(header.map(headerOf));
      }
      // Wait while the reader is behind, so a large export never piles up in memory.
      if (!csv.write(header.map((key) => cellOf(key, row[key])))) await once(csv, 'drain');
      count++;
    }
    if (!header) csv.write([headerOf('_id')]);
    const asked = [filters.q ? `search "${filters.q}"` : '', filters.status ? `status ${filters.status}` : ''].filter(
      Boolean,
    );
    await audit(
      deps.db,
      actor,
      'submission.exported',
      type,
      `${count} ${count === 1 ? 'row' : 'rows'}${asked.length ? ` (${asked.join(', ')})` : ''}`,
    );
    csv.end();
  })().catch((error: unknown) => csv.destroy(error as Error));
  return csv;
}

/** The whole CSV as one string: the tRPC twin's answer. */
export async function exportCsvText(
  deps: Pick<Deps, 'db' | 'now'>,
  type: SubmissionType,
  filters: { q?: string; status?: string },
  actor: Actor,
): Promise<{ filename: string; csv: string }> {
  let text = '';
  for await (const chunk of exportCsv(deps, type, filters, actor)) text += chunk.toString();
  return { filename: csvFilename(type, deps.now()), csv: text };
}

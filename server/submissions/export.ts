/**
 * CSV export of one kind's submissions, as Excel opens it (lib/csv: byte-order mark, formulas
 * neutralised), one header row, lists joined by "; ". Rows are read a page at a time, so memory
 * stays flat.
 */
import { once } from 'node:events';
import type { SubmissionType } from '../../shared/constants';
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

const cellOf = (value: unknown): string =>
  safeCell(Array.isArray(value) ? value.join('; ') : value === null || value === undefined ? '' : String(value));

/** Every matching row as the API answers it, newest first, a page at a time. */
async function* wireRows(deps: Pick<Deps, 'db'>, type: SubmissionType, filters: { q?: string; status?: string }) {
  const kind = KINDS[type];
  let cursor: string | null = null;
  do {
    let query = filteredQuery(deps.db, kind, filters)
      .select(cursorOf(kind.listOrder))
      .limit(BATCH + 1);
    if (cursor) query = query.where(after(kind.listOrder, cursor));
    const page = pageOf(await query.execute(), BATCH);
    for (const row of page.rows) yield (kind.toWire as (r: unknown) => Record<string, unknown>)(row);
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
      if (!csv.write(header.map((key) => cellOf(row[key])))) await once(csv, 'drain');
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

/**
 * Keyset paging on (time column, id), newest first: the cursor carries the last row's time in
 * microseconds (exact: a timestamptz has microsecond precision, a JavaScript Date only
 * milliseconds) and its id. The order matches the lists' two-column indexes, so each page is an
 * index range scan however deep it goes.
 */
import { type Expression, type SqlBool, sql } from 'kysely';

/** The selection that yields a row's cursor (`idColumn` names the id in a join). */
export const cursorOf = (column: string, idColumn = 'id') =>
  sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint::text || '_' || ${sql.ref(idColumn)}::text`.as(
    'pageCursor',
  );

/** Rows strictly after the cursor's row in newest-first order. */
export function after(column: string, cursor: string, idColumn = 'id'): Expression<SqlBool> {
  const [micros, id] = cursor.split('_');
  return sql<SqlBool>`(${sql.ref(column)}, ${sql.ref(idColumn)}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)`;
}

/** Whether a row, by its cursor, comes after the cursor's row in newest-first order: `after` in memory. */
export function comesAfter(rowCursor: string, cursor: string): boolean {
  const [rowMicros = '0', rowId = ''] = rowCursor.split('_');
  const [micros = '0', id = ''] = cursor.split('_');
  const [a, b] = [BigInt(rowMicros), BigInt(micros)];
  // Ids are lowercase UUIDs: as text they sort as PostgreSQL sorts uuid values.
  return a < b || (a === b && rowId < id);
}

/** Splits the extra row a page query fetches off into the next cursor. */
export function pageOf<R extends { pageCursor: string }>(rows: R[], limit: number) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  return {
    rows: items.map(({ pageCursor: _cursor, ...row }) => row),
    nextCursor: more ? items.at(-1)!.pageCursor : null,
  };
}

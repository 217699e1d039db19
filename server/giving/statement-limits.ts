/**
 * What a statement file may hold, and the error that refuses it. A bank statement has about a
 * dozen columns and a few thousand rows; the bounds leave a wide margin and are checked before
 * anything past them is built, so a small hostile file (a cell in column XFD, a zip entry that
 * inflates a thousandfold, tags nested thousands deep) costs little to refuse.
 */
import { formatNumber } from '../../shared/format';
import { givingMessages } from '../../shared/messages/en/giving';

export const STATEMENT_LIMITS = {
  /** The upload itself. */
  bytes: 5 * 1024 * 1024,
  rows: 100_000,
  columns: 64,
  cells: 1_000_000,
  /** Inflated bytes of any one part of an XLSX workbook, counted while inflating. */
  unpackedBytes: 50 * 1024 * 1024,
  /** Tags inside each other in an HTML export: a table inside a few wrappers needs far fewer. */
  nesting: 64,
} as const;

export type Cell = string | number | Date | null;
export type Table = Cell[][];

export type StatementMessageKey = keyof typeof givingMessages;
export type MessageVars = Record<string, string | number>;

/** A catalogue text in English: the worker has no request, so no language (see statement-reader.ts). */
export const say = (key: StatementMessageKey, vars: MessageVars = {}) =>
  givingMessages[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));

/** A file refused: the message says why; `header` lists the columns when staff should map them. */
export class StatementError extends Error {
  constructor(
    readonly key: StatementMessageKey,
    readonly header?: string[],
    readonly vars?: MessageVars,
  ) {
    super(say(key, vars));
    this.name = 'StatementError';
  }
}

/** Refused for passing one of the bounds, which the message names. */
export const pastLimit = (key: StatementMessageKey, max: number) =>
  new StatementError(key, undefined, { max: formatNumber(max) });

/**
 * Counts the cells of a table as a reader finds them and refuses the first one past a bound,
 * before it is stored: rows and columns by position (a reader fills the gaps before a cell).
 */
export class TableBounds {
  private cells = 0;

  /** A cell at this 0-based row and column. */
  cell(row: number, column: number): void {
    if (column >= STATEMENT_LIMITS.columns) throw pastLimit('statements.tooManyColumns', STATEMENT_LIMITS.columns);
    this.row(row);
    if (++this.cells > STATEMENT_LIMITS.cells) throw pastLimit('statements.tooManyCells', STATEMENT_LIMITS.cells);
  }

  /** A row at this 0-based position, whatever it holds. */
  row(row: number): void {
    if (row >= STATEMENT_LIMITS.rows) throw pastLimit('statements.tooManyRows', STATEMENT_LIMITS.rows);
  }
}

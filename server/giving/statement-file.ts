/**
 * Reads a bank statement file into its credit lines. Nigerian banks export CSV, Excel (.xlsx) or,
 * for GTBank, an HTML table saved as ".xls"; the kind is told from the bytes, not the name. The
 * header row is found below any preamble (account name, period) by the usual column names, or by
 * a mapping staff chose. Debit lines are counted and left out; a row that cannot be read is
 * reported by its row number, never skipped silently. No database work here: the server runs this
 * in a worker (statement-reader.ts), and each reader keeps within STATEMENT_LIMITS.
 */
import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { STATEMENT_FIELDS, type StatementField } from '../../shared/statement-columns';
import { readHtmlTables } from './html-tables';
import { type Cell, STATEMENT_LIMITS, StatementError, say, type Table, TableBounds } from './statement-limits';
import { readXlsx } from './xlsx';

export { StatementError } from './statement-limits';

export const STATEMENT_MAX_BYTES = STATEMENT_LIMITS.bytes;
/** Which header cell (its text as in the file's header row) holds each field. */
export type ColumnMapping = Partial<Record<StatementField, string>>;

export interface StatementLine {
  /** 1-based, as a spreadsheet shows it. */
  row: number;
  /** YYYY-MM-DD. */
  date: string;
  narration: string;
  /** The credit in kobo (₦1 = 100 kobo). */
  amountKobo: number;
  reference: string | null;
  balanceKobo: number | null;
  fingerprint: string;
}
export interface LineProblem {
  row: number;
  message: string;
}
export interface ParsedStatement {
  header: string[];
  /** The header's cells, trimmed and lower-cased, joined by '|': remembers a mapping per layout. */
  headerKey: string;
  mapping: ColumnMapping;
  credits: StatementLine[];
  debits: number;
  problems: LineProblem[];
  /** Transaction rows seen: credits, debits and problems. */
  rows: number;
}

// ---------- Reading the file into rows of cells ----------

const startsWith = (file: Buffer, bytes: number[]) => bytes.every((b, i) => file[i] === b);

function readCsv(text: string): Table {
  const firstLine = /^.*\S.*$/m.exec(text)?.[0] ?? '';
  const delimiter = [',', ';', '\t'].reduce(
    (best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best),
    ',',
  );
  const bounds = new TableBounds();
  try {
    return parseCsv(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
      // Each field is counted as it is read: a line of a million commas is refused at the 65th.
      cast: (value: string, { records, index }: { records: number; index: number }) => {
        bounds.cell(records, index);
        return value;
      },
    });
  } catch (error) {
    if (error instanceof StatementError) throw error;
    throw new StatementError('statements.notATable');
  }
}

/** Control bytes other than tab, line breaks and form feed in the first 4 kB: a binary file, not text. */
function looksBinary(file: Buffer): boolean {
  for (const byte of file.subarray(0, 4096)) if (byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(byte)) return true;
  return false;
}

/** The whole file as UTF-8 text: a byte that is not UTF-8, anywhere, refuses it (never stored as "�"). */
function utf8Text(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw new StatementError('statements.notUtf8');
  }
}

/** The file's tables: one for CSV and XLSX, each of an HTML export's. */
async function readTables(file: Buffer): Promise<Table[]> {
  if (startsWith(file, [0x50, 0x4b, 0x03, 0x04])) return [await readXlsx(file)];
  if (startsWith(file, [0xd0, 0xcf, 0x11, 0xe0])) throw new StatementError('statements.oldExcel');
  if (looksBinary(file)) throw new StatementError('statements.notATable');
  const text = utf8Text(file).replace(/^\uFEFF/, '');
  if (/^\s*</.test(text) && /<table[\s>]/i.test(text)) return readHtmlTables(text);
  return [readCsv(text)];
}

// ---------- Recognising the header ----------

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const headerName = (cell: Cell) =>
  clean(String(cell ?? ''))
    .toLowerCase()
    .replace(/\((?:₦|ngn|naira)\)/g, '')
    .replace(/[.:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The usual names of each field in Nigerian banks' exports, best first. */
const KNOWN_NAMES: Record<StatementField, string[]> = {
  date: ['trans date', 'transaction date', 'tran date', 'posted date', 'date', 'value date', 'val date'],
  narration: ['remarks', 'narration', 'description', 'details', 'transaction details', 'remark'],
  credit: ['credit', 'credit amount', 'credits', 'deposit', 'deposits', 'lodgement', 'lodgements', 'money in'],
  debit: ['debit', 'debit amount', 'debits', 'withdrawal', 'withdrawals', 'money out'],
  reference: ['reference', 'ref', 'reference number', 'ref no', 'transaction reference', 'reference no'],
  balance: ['balance', 'running balance', 'closing balance'],
};

/** The column of each field this row names, by the known names. */
function recognise(row: Cell[]): Partial<Record<StatementField, number>> {
  const names = row.map(headerName);
  const found: Partial<Record<StatementField, number>> = {};
  for (const field of STATEMENT_FIELDS) {
    for (const name of KNOWN_NAMES[field]) {
      const at = names.indexOf(name);
      if (at !== -1 && !Object.values(found).includes(at)) {
        found[field] = at;
        break;
      }
    }
  }
  return found;
}

const HEADER_SCAN_ROWS = 40;

interface Located {
  table: Table;
  headerRow: number;
  columns: Partial<Record<StatementField, number>>;
}

/** The header row and the column of each field, in the first table that has one. */
function locate(tables: Table[], mapping: ColumnMapping | undefined): Located {
  if (mapping) {
    const wanted = Object.entries(mapping).filter(([, header]) => header) as [StatementField, string][];
    for (const table of tables) {
      for (let r = 0; r < Math.min(table.length, HEADER_SCAN_ROWS); r++) {
        const cells = table[r]!.map((c) => clean(String(c ?? '')));
        const columns = Object.fromEntries(wanted.map(([field, header]) => [field, cells.indexOf(clean(header))]));
        if (Object.values(columns).every((i) => i !== -1)) return { table, headerRow: r, columns };
      }
    }
    throw new StatementError('statements.mappingInvalid');
  }
  let noCredit: string[] | undefined;
  let plausible: string[] | undefined;
  for (const table of tables) {
    for (let r = 0; r < Math.min(table.length, HEADER_SCAN_ROWS); r++) {
      const row = table[r]!;
      const columns = recognise(row);
      if (columns.date !== undefined && columns.credit !== undefined) return { table, headerRow: r, columns };
      const texts = row.map((c) => clean(String(c ?? '')));
      if (columns.date !== undefined && !noCredit) noCredit = texts;
      if (!plausible && texts.filter((c) => c !== '' && !/^[\d.,\s/:-]+$/.test(c)).length >= 3) plausible = texts;
    }
  }
  if (noCredit) throw new StatementError('statements.noCreditColumn', noCredit);
  if (!plausible)
    throw new StatementError(
      tables.some((t) => t.some((r) => r.some((c) => c !== null && c !== '')))
        ? 'statements.notATable'
        : 'statements.empty',
    );
  throw new StatementError('statements.needsMapping', plausible);
}

// ---------- Amounts and dates ----------

/** An amount in kobo; null when the cell is empty, `undefined` when it cannot be read. */
export function parseKobo(cell: Cell): number | null | undefined {
  if (cell === null || cell instanceof Date) return cell === null ? null : undefined;
  if (typeof cell === 'number') return Number.isFinite(cell) ? Math.round(cell * 100) : undefined;
  let text = clean(cell)
    .replace(/^(?:₦|NGN|N)\s*/i, '')
    .replace(/\s*(?:CR|NGN)$/i, '');
  if (text === '' || text === '-' || text === '--') return null;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  text = text.replace(/^(?:₦|NGN)\s*/i, '');
  if (!/^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/.test(text)) return undefined;
  const [whole, fraction = ''] = text.replace(/,/g, '').split('.');
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -kobo : kobo;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const isoDay = (year: number, month: number, day: number): string | undefined => {
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid && year >= 1900 && year <= 2999 ? date.toISOString().slice(0, 10) : undefined;
};
const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/** A calendar date, day first as in Nigeria; `undefined` when it cannot be read. */
export function parseDay(cell: Cell): string | undefined {
  if (cell instanceof Date)
    return Number.isNaN(cell.getTime())
      ? undefined
      : isoDay(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
  if (cell === null || typeof cell === 'number') return undefined;
  const text = clean(cell).replace(/[T ]\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:\s?[AP]M)?(?:Z|[+-]\d{2}:?\d{2})?$/i, '');
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(text);
  if (m) return isoDay(fullYear(m[3]!), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[\s/-]([A-Za-z]{3})[A-Za-z]*[\s/-](\d{4}|\d{2})$/.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.toLowerCase());
    return month === -1 ? undefined : isoDay(fullYear(m[3]!), month + 1, Number(m[1]));
  }
  return undefined;
}

// ---------- Rows into lines ----------

const fingerprintOf = (line: Omit<StatementLine, 'fingerprint' | 'row'>) =>
  createHash('sha256')
    .update(
      [
        line.date,
        line.amountKobo,
        line.narration.toUpperCase().replace(/\s+/g, ' '),
        line.balanceKobo ?? line.reference ?? '',
      ].join('|'),
    )
    .digest('hex');

const isEmptyRow = (row: Cell[]) => row.every((c) => c === null || c === undefined || String(c).trim() === '');
const rawText = (cell: Cell | undefined) =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell ?? '').trim();

export async function readStatement(file: Buffer, filename: string, mapping?: ColumnMapping): Promise<ParsedStatement> {
  void filename;
  if (file.length > STATEMENT_MAX_BYTES) throw new StatementError('statements.tooLarge');
  if (file.length === 0) throw new StatementError('statements.empty');
  const tables = await readTables(file);
  if (tables.every((t) => t.every(isEmptyRow))) throw new StatementError('statements.empty');
  const { table, headerRow, columns } = locate(tables, mapping);
  if (columns.credit === undefined)
    throw new StatementError('statements.noCreditColumn', table[headerRow]!.map(rawText));
  const header = table[headerRow]!.map(rawText);
  const cell = (row: Cell[], field: StatementField) =>
    columns[field] === undefined ? null : (row[columns[field]!] ?? null);

  const credits: StatementLine[] = [];
  const problems: LineProblem[] = [];
  let debits = 0;
  for (let r = headerRow + 1; r < table.length; r++) {
    const row = table[r]!;
    if (isEmptyRow(row)) continue;
    const rowNumber = r + 1;
    const creditCell = cell(row, 'credit');
    const credit = parseKobo(creditCell);
    const debit = parseKobo(cell(row, 'debit'));
    if (credit === undefined || (credit !== null && credit < 0)) {
      problems.push({
        row: rowNumber,
        message: say('statements.rowAmount', { row: rowNumber, value: rawText(creditCell) }),
      });
      continue;
    }
    if (!credit) {
      if (debit) debits++;
      // Neither: an opening balance, a total, a blank amount: not a transaction.
      continue;
    }
    const dateCell = cell(row, 'date');
    // A closing "Total" row has amounts but no date: a summary, not a transaction.
    if (rawText(dateCell) === '' && row.some((c) => /^totals?:?$/i.test(rawText(c)))) continue;
    const date = parseDay(dateCell);
    if (!date) {
      problems.push({
        row: rowNumber,
        message: say('statements.rowDate', { row: rowNumber, value: rawText(dateCell) }),
      });
      continue;
    }
    const balance = parseKobo(cell(row, 'balance'));
    const line = {
      date,
      narration: clean(rawText(cell(row, 'narration'))).slice(0, 500),
      amountKobo: credit,
      reference: clean(rawText(cell(row, 'reference'))).slice(0, 100) || null,
      balanceKobo: typeof balance === 'number' ? balance : null,
    };
    credits.push({ row: rowNumber, ...line, fingerprint: fingerprintOf(line) });
  }
  const usedMapping: ColumnMapping = Object.fromEntries(
    Object.entries(columns).map(([field, index]) => [field, header[index!] ?? '']),
  );
  if (credits.length + debits + problems.length === 0) throw new StatementError('statements.empty');
  return {
    header,
    headerKey: header.map((c) => c.trim().toLowerCase()).join('|'),
    mapping: usedMapping,
    credits,
    debits,
    problems,
    rows: credits.length + debits + problems.length,
  };
}

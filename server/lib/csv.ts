/**
 * CSV for spreadsheets, written once for every export: UTF-8 with a byte-order mark (so ƙ, ɗ and ƴ
 * survive Excel), Windows line ends, and cells that can never run as formulas (CSV injection).
 */
import { stringify } from 'csv-stringify';

/**
 * Neutralises what a spreadsheet would read as a formula: a cell starting with = + - @ (or a tab
 * or carriage return) gets an apostrophe, and so does every line of the cell after a line break,
 * since some spreadsheets start a formula on any line of a multi-line cell.
 */
export const safeCell = (value: string) => value.replace(/(^|[\r\n])(?=[=+\-@\t\r])/g, "$1'");

/**
 * A CSV stream. Every cell holding CR or LF is quoted: the writer's own test for the record
 * delimiter only looks for the CR LF pair, and a lone LF would otherwise start a new row.
 */
export const csvStream = () => stringify({ bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });

/**
 * The first sheet of an XLSX workbook as rows of cells, read as a stream: the zip's parts are found
 * by its central directory, a part is inflated a chunk at a time and its XML scanned as it comes,
 * and inflating stops as soon as more than STATEMENT_LIMITS.unpackedBytes have come out (the sizes
 * the zip declares are checked too, but not trusted). A cell is placed by its reference
 * (`r="XFD1"`) only once TableBounds has allowed it, so nothing past the bounds is ever built.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { type Cell, pastLimit, STATEMENT_LIMITS, StatementError, type Table, TableBounds } from './statement-limits';

const notATable = () => new StatementError('statements.notATable');

// ---------- The zip archive ----------

interface ZipPart {
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** The parts of a zip by name, from its central directory. */
function zipDirectory(zip: Buffer): Map<string, ZipPart> {
  // The end record is in the last 22 bytes plus the comment's at most 65,535.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff) && end === -1; at--)
    if (zip.readUInt32LE(at) === 0x06054b50) end = at;
  if (end === -1) throw notATable();
  const parts = new Map<string, ZipPart>();
  let at = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0; i--) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw notATable();
    const nameLength = zip.readUInt16LE(at + 28);
    parts.set(zip.toString('utf8', at + 46, at + 46 + nameLength), {
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return parts;
}

const unpacksTooLarge = () => pastLimit('statements.unpacksTooLarge', STATEMENT_LIMITS.unpackedBytes / (1024 * 1024));

/** A part's bytes as they inflate; refused once the bytes that actually came out pass the bound. */
async function* partBytes(zip: Buffer, part: ZipPart): AsyncGenerator<Buffer> {
  const max = STATEMENT_LIMITS.unpackedBytes;
  if (part.size > max) throw unpacksTooLarge();
  if (part.flags & 1 || zip.readUInt32LE(part.offset) !== 0x04034b50) throw notATable();
  const start = part.offset + 30 + zip.readUInt16LE(part.offset + 26) + zip.readUInt16LE(part.offset + 28);
  const data = zip.subarray(start, start + part.compressedSize);
  if (data.length !== part.compressedSize) throw notATable();
  if (part.method === 0) {
    if (data.length > max) throw unpacksTooLarge();
    yield data;
    return;
  }
  if (part.method !== 8) throw notATable();
  // Pulled a chunk at a time: the stream inflates no further ahead than what was read.
  const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
  inflater.end(data);
  let total = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > max) throw unpacksTooLarge();
      yield chunk;
    }
  } finally {
    inflater.destroy();
  }
}

// ---------- XML, scanned as it arrives ----------

interface XmlHandler {
  /** A start tag: its name without a namespace prefix, and its attributes' raw text (see `attributes`). */
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(?:#(\d+)|#x([\da-fA-F]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** Markup other than tags, by how it starts and ends. */
const SPECIAL = [
  ['<?', '?>'],
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
] as const;
/** Longest markup (a tag, comment or CDATA section) waited for across chunks. */
const MAX_MARKUP = 256 * 1024;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const unescapeXml = (text: string) =>
  text.includes('&')
    ? text.replace(ENTITY, (_, dec?: string, hex?: string, name?: string) =>
        name ? NAMED[name]! : String.fromCodePoint(dec ? Number(dec) : Number.parseInt(hex!, 16)),
      )
    : text;

/** The attributes of a start tag by local name (`r:id` is `id`), values unescaped. */
function attributes(raw: string): Record<string, string> {
  const found: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(raw); match; match = ATTRIBUTE.exec(raw))
    found[localName(match[1]!)] = unescapeXml(match[2] ?? match[3] ?? '');
  return found;
}

/**
 * Hands the complete markup and text of `text` to the handler; answers what is left for the next
 * chunk (`final`: there is none).
 */
function scanXml(text: string, handler: XmlHandler, final: boolean): string {
  let at = 0;
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    if (lt === -1) {
      // Text so far goes now (a long run is never kept); an entity cut by the chunk waits.
      const amp = text.lastIndexOf('&');
      const keep = amp >= at && !text.includes(';', amp) && text.length - amp < 12 ? amp : text.length;
      if (keep > at) handler.text(unescapeXml(text.slice(at, keep)));
      return text.slice(keep);
    }
    if (lt > at) handler.text(unescapeXml(text.slice(at, lt)));
    at = lt;
    if (text[at + 1] === '!' || text[at + 1] === '?') {
      const special = SPECIAL.find(([open]) => text.startsWith(open, at));
      if (!special) {
        if (!final && text.length - at < 9) break; // "<![CDA" cut by the chunk
        // A document type: an XLSX part has none, and its entities are how XML bombs are made.
        throw notATable();
      }
      const end = text.indexOf(special[1], at);
      if (end === -1) break;
      if (special[0] === '<![CDATA[') handler.text(text.slice(at + 9, end));
      at = end + special[1].length;
      continue;
    }
    TAG.lastIndex = at;
    const tag = TAG.exec(text);
    if (!tag) break;
    const name = localName(tag[2]!);
    if (tag[1]) handler.close(name);
    else {
      handler.open(name, tag[3]!, tag[4] === '/');
      if (tag[4]) handler.close(name);
    }
    at = TAG.lastIndex;
  }
  if (text.length - at > MAX_MARKUP) throw notATable();
  return text.slice(at);
}

/** Scans a zip part's XML with the handler; a missing part is an empty one. */
async function readPart(zip: Buffer, parts: Map<string, ZipPart>, name: string | undefined, handler: XmlHandler) {
  const part = name === undefined ? undefined : parts.get(name);
  if (!part) return;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = '';
  for await (const chunk of partBytes(zip, part))
    rest = scanXml(rest + decoder.decode(chunk, { stream: true }), handler, false);
  if (scanXml(rest + decoder.decode(), handler, true).trim() !== '') throw notATable();
}

// ---------- The workbook's parts ----------

/** Relationship targets by id and by type (the last part of its URI), as paths inside the zip. */
async function relationships(zip: Buffer, parts: Map<string, ZipPart>, of: string) {
  const byId = new Map<string, string>();
  const byType = new Map<string, string>();
  const folder = path.posix.dirname(of);
  const file = `${folder === '.' ? '' : `${folder}/`}_rels/${path.posix.basename(of)}.rels`;
  await readPart(zip, parts, file, {
    open(name, raw) {
      if (name !== 'Relationship') return;
      const { Id, Type, Target } = attributes(raw);
      if (!Target) return;
      const target = Target.startsWith('/') ? Target.slice(1) : path.posix.join(folder, Target);
      if (Id) byId.set(Id, target);
      if (Type) byType.set(Type.slice(Type.lastIndexOf('/') + 1), target);
    },
    close() {},
    text() {},
  });
  return { byId, byType };
}

/** Excel's built-in number formats that show a date or time. */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47,
]);
for (let id = 50; id <= 58; id++) DATE_FORMAT_IDS.add(id);
/** A custom format shows a date when it has date or time letters outside quotes and brackets. */
const isDateFormat = (code: string) => /[ymdhs]/i.test(code.replace(/\[[^\]]*]|"[^"]*"/g, ''));

/** The cell styles (their index in cellXfs) whose number format is a date. */
async function dateStyles(zip: Buffer, parts: Map<string, ZipPart>, name: string | undefined) {
  const custom = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  await readPart(zip, parts, name, {
    open(tag, raw) {
      if (tag === 'numFmt') {
        const { numFmtId, formatCode } = attributes(raw);
        custom.set(Number(numFmtId), formatCode ?? '');
      } else if (tag === 'cellXfs') inCellXfs = true;
      else if (tag === 'xf' && inCellXfs) formats.push(Number(attributes(raw).numFmtId ?? 0));
    },
    close(tag) {
      if (tag === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  const styles = new Set<number>();
  formats.forEach((id, style) => {
    if (custom.has(id) ? isDateFormat(custom.get(id)!) : DATE_FORMAT_IDS.has(id)) styles.add(style);
  });
  return styles;
}

/**
 * Gathers the text of `<t>` elements, leaving out phonetic runs (`<rPh>`): a shared string's
 * or an inline string's rich-text runs joined.
 */
class RunText {
  text: string | null = null;
  private inText = false;
  private phonetic = 0;

  open(name: string, selfClosing: boolean) {
    if (name === 't' && this.text !== null && this.phonetic === 0 && !selfClosing) this.inText = true;
    else if (name === 'rPh' && !selfClosing) this.phonetic++;
  }
  close(name: string) {
    if (name === 't') this.inText = false;
    else if (name === 'rPh') this.phonetic--;
  }
  add(text: string) {
    if (this.inText) this.text += text;
  }
}

async function sharedStrings(zip: Buffer, parts: Map<string, ZipPart>, name: string | undefined) {
  const strings: string[] = [];
  const run = new RunText();
  await readPart(zip, parts, name, {
    open(tag, _raw, selfClosing) {
      if (tag === 'si') {
        if (strings.length >= STATEMENT_LIMITS.cells)
          throw pastLimit('statements.tooManyCells', STATEMENT_LIMITS.cells);
        run.text = '';
      } else run.open(tag, selfClosing);
    },
    close(tag) {
      if (tag === 'si') {
        strings.push(run.text ?? '');
        run.text = null;
      } else run.close(tag);
    },
    text: (text) => run.add(text),
  });
  return strings;
}

/** "XFD" of "XFD12" as a 0-based column number. */
function columnOf(reference: string): number {
  const letters = /^[A-Z]{1,3}/.exec(reference.toUpperCase())?.[0];
  if (!letters) throw notATable();
  let column = 0;
  for (const letter of letters) column = column * 26 + letter.charCodeAt(0) - 64;
  return column - 1;
}

/** A day number of the workbook's date system as a date (UTC midnight for whole days). */
const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

export async function readXlsx(file: Buffer): Promise<Table> {
  try {
    return await readFirstSheet(file);
  } catch (error) {
    // A part that is not a zip, not deflate, not UTF-8 or not XML: not a workbook.
    if (error instanceof StatementError) throw error;
    throw notATable();
  }
}

async function readFirstSheet(file: Buffer): Promise<Table> {
  const parts = zipDirectory(file);
  const workbook = (await relationships(file, parts, '')).byType.get('officeDocument') ?? 'xl/workbook.xml';
  if (!parts.has(workbook)) throw notATable();
  let sheetId: string | undefined;
  let date1904 = false;
  await readPart(file, parts, workbook, {
    open(name, raw) {
      if (name === 'sheet') sheetId ??= attributes(raw).id;
      else if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes(raw).date1904 ?? '');
    },
    close() {},
    text() {},
  });
  const related = await relationships(file, parts, workbook);
  const sheet = sheetId === undefined ? undefined : related.byId.get(sheetId);
  if (!sheet) throw new StatementError('statements.empty');
  const dates = await dateStyles(file, parts, related.byType.get('styles'));
  const strings = await sharedStrings(file, parts, related.byType.get('sharedStrings'));

  const rows: Table = [];
  const bounds = new TableBounds();
  const run = new RunText();
  let row = -1;
  let column = -1;
  let cell: { type: string; style: number; value: string } | null = null;
  let inValue = false;
  const cellValue = ({ type, style, value }: { type: string; style: number; value: string }): Cell => {
    if (type === 'inlineStr') return run.text || null;
    if (value.trim() === '' || type === 'e') return null;
    if (type === 's') return strings[Number(value)] ?? null;
    if (type === 'str') return value;
    if (type === 'b') return value.trim() === '1' ? 'true' : 'false';
    if (type === 'd') return Number.isNaN(Date.parse(value)) ? value : new Date(value);
    const number = Number(value);
    if (!Number.isFinite(number)) return value;
    return dates.has(style) ? excelDate(number, date1904) : number;
  };
  const endCell = () => {
    if (!cell) return;
    const value = cellValue(cell);
    cell = null;
    run.text = null;
    // An empty cell (formatting only) takes no room: only cells with a value are counted and kept.
    if (value === null) return;
    bounds.cell(row, column);
    const cells = rows[row] ?? [];
    cells[column] = value;
    rows[row] = cells;
  };
  await readPart(file, parts, sheet, {
    open(name, raw, selfClosing) {
      if (name === 'row') {
        const number = Number(attributes(raw).r);
        row = Number.isInteger(number) && number > 0 ? number - 1 : row + 1;
        column = -1;
      } else if (name === 'c') {
        const { r, t, s } = attributes(raw);
        column = r ? columnOf(r) : column + 1;
        cell = { type: t ?? 'n', style: Number(s ?? 0), value: '' };
      } else if (name === 'v') inValue = cell !== null && !selfClosing;
      else if (name === 'is') run.text = '';
      else run.open(name, selfClosing);
    },
    close(name) {
      if (name === 'c') endCell();
      else if (name === 'v') inValue = false;
      else run.close(name);
    },
    text(text) {
      if (inValue && cell) cell.value += text;
      else run.add(text);
    },
  });
  return Array.from(rows, (cells) => Array.from(cells ?? [], (c) => c ?? null));
}

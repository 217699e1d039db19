/**
 * Statement files made in the test, hostile ones included: a small zip writer (deflate from
 * node:zlib, streamed so a 200 MB entry never sits in memory), minimal XLSX workbooks around a
 * sheet's XML, and HTML ".xls" exports. No binary fixtures: every byte is written here.
 */
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** The entry's bytes, or chunks of them produced one at a time (a huge entry). */
  data: Uint8Array | string | Iterable<Uint8Array | string>;
  /** Stored instead of deflated. */
  stored?: boolean;
  /** The uncompressed size to declare, when it should lie. */
  declaredSize?: number;
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** Deflates the chunks as one raw stream, with the CRC-32 and size of what went in. */
async function deflateChunks(chunks: Iterable<Uint8Array | string>, stored: boolean) {
  let crc = 0;
  let size = 0;
  const out: Buffer[] = [];
  const deflater = stored ? null : zlib.createDeflateRaw({ level: 9 });
  deflater?.on('data', (d: Buffer) => out.push(d));
  for (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
    if (!deflater) out.push(Buffer.from(bytes));
    else if (!deflater.write(bytes)) await new Promise((r) => deflater.once('drain', r));
  }
  if (deflater) await new Promise((r) => deflater.once('end', r).end());
  return { compressed: Buffer.concat(out), crc, size };
}

/** A zip archive of these entries: local headers, data, central directory, end record. */
export async function zip(entries: ZipEntry[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const chunks = typeof entry.data === 'string' || entry.data instanceof Uint8Array ? [entry.data] : entry.data;
    const { compressed, crc, size } = await deflateChunks(chunks, entry.stored === true);
    const name = Buffer.from(entry.name);
    const method = entry.stored ? 0 : 8;
    const declared = entry.declaredSize ?? size;
    const common = [
      u16(20),
      u16(0x0800),
      u16(method),
      u16(0),
      u16(0x21),
      u32(crc),
      u32(compressed.length),
      u32(declared),
    ];
    const local = Buffer.concat([u32(0x04034b50), ...common, u16(name.length), u16(0), name, compressed]);
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        ...common,
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a workbook around its one sheet. */
const workbookParts = (): ZipEntry[] => [
  {
    name: '[Content_Types].xml',
    data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  },
  {
    name: '_rels/.rels',
    data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  },
  {
    name: 'xl/workbook.xml',
    data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${DOC}"><sheets><sheet name="Statement" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  },
];

const SHEET_START = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
const SHEET_END = '</sheetData></worksheet>';

/** A workbook whose sheet holds these `<row>` elements (XML text, or chunks of it). */
export const xlsxWithRows = (rows: string | Iterable<string>) =>
  zip([
    ...workbookParts(),
    {
      name: 'xl/worksheets/sheet1.xml',
      data: typeof rows === 'string' ? SHEET_START + rows + SHEET_END : [SHEET_START, ...rows, SHEET_END],
    },
  ]);

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A short statement as sheet rows: a header and one credit. */
export const STATEMENT_ROWS = `<row r="1">${inline('A1', 'Trans Date')}${inline('B1', 'Narration')}${inline('C1', 'Credit')}</row><row r="2">${inline('A2', '02/11/2026')}${inline('B2', 'GIFT FROM BINTA')}<c r="C2"><v>1500</v></c></row>`;

/** ~3 kB: every row has a cell in XFD, the last of Excel's 16,384 columns. */
export const xlsxColumnBomb = (rows = 300) =>
  xlsxWithRows(
    Array.from(
      { length: rows },
      (_, i) => `<row r="${i + 1}">${inline(`A${i + 1}`, 'x')}<c r="XFD${i + 1}"><v>1</v></c></row>`,
    ),
  );

/**
 * ~200 kB of zip whose sheet inflates to `megabytes` MB (whitespace between rows, valid XML);
 * `declaredSize` makes the zip lie about it.
 */
export function xlsxInflationBomb(megabytes = 200, declaredSize?: number) {
  const spaces = new Uint8Array(1024 * 1024).fill(0x20);
  function* body() {
    yield STATEMENT_ROWS;
    for (let i = 0; i < megabytes; i++) yield spaces;
  }
  return zip([
    ...workbookParts(),
    { name: 'xl/worksheets/sheet1.xml', data: [SHEET_START, ...body(), SHEET_END], declaredSize },
  ]);
}

/** A GTBank-like HTML export with a statement table inside `depth` nested <div>s. */
export const deepHtml = (depth: number, tag = 'div') =>
  Buffer.from(
    `<html><body>${`<${tag}>`.repeat(depth)}<table><tr><th>Trans. Date</th><th>Credits</th><th>Remarks</th></tr><tr><td>03-Nov-2026</td><td>5,000.00</td><td>GIFT</td></tr></table>${`</${tag}>`.repeat(depth)}</body></html>`,
  );

/** An HTML table with one row of `columns` cells under a known header. */
export const wideHtml = (columns: number) =>
  Buffer.from(
    `<html><body><table><tr><th>Trans. Date</th><th>Credits</th></tr><tr>${'<td>1</td>'.repeat(columns)}</tr></table></body></html>`,
  );

/**
 * A GTBank-like export of about `megabytes` MB: honest, but seconds of parsing. Its lines are
 * debits but one, so storing it is quick and the time is the reading's.
 */
export function largeHtml(megabytes: number) {
  const row = (i: number) =>
    `<tr><td>03-Nov-2026</td><td>03-Nov-2026</td><td>GT/0311/${i}</td><td>${i === 0 ? '' : '52.50'}</td><td>${i === 0 ? '5,000.00' : ''}</td><td>1,005,000.00</td><td>KANO MAIN</td><td>SMS ALERT CHARGES ${i}</td></tr>\n`;
  const rows = Array.from({ length: Math.floor((megabytes * 1024 * 1024) / row(1_000_000).length) }, (_, i) => row(i));
  const header =
    '<tr><th>Trans. Date</th><th>Value. Date</th><th>Reference</th><th>Debits</th><th>Credits</th><th>Balance</th><th>Originating Branch</th><th>Remarks</th></tr>';
  return Buffer.from(`<html><body><table>${header}${rows.join('')}</table></body></html>`);
}

/**
 * Reading bank statements: the layouts of GTBank's HTML ".xls", UBA's CSV and an XLSX workbook
 * (fixtures with invented data), unknown columns mapped by staff, rows that cannot be read
 * reported by number, amounts and dates as Nigerian banks write them, and files refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  parseDay,
  parseKobo,
  readStatement,
  STATEMENT_MAX_BYTES,
  StatementError,
} from '../../server/giving/statement-file';
import {
  deepHtml,
  STATEMENT_ROWS,
  wideHtml,
  xlsxColumnBomb,
  xlsxInflationBomb,
  xlsxWithRows,
  zip,
} from '../helpers/statement-files';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/statements', name));

async function refusal(file: Buffer, mapping?: Record<string, string>) {
  try {
    await readStatement(file, 'statement', mapping);
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

describe('amounts and dates', () => {
  it.each([
    ['5,000.00', 500_000],
    ['₦5,000', 500_000],
    ['NGN 5,000.50', 500_050],
    ['5000', 500_000],
    [' 1,234,567.89 ', 123_456_789],
    ['0.1', 10],
    [2500.75, 250_075],
    ['(500.00)', -50_000],
    ['', null],
    ['-', null],
    [null, null],
    ['5,0x0', undefined],
    ['12,34', undefined],
    ['1.234', undefined],
  ] as const)('%s is %s kobo', (cell, kobo) => {
    expect(parseKobo(cell)).toBe(kobo);
  });

  it.each([
    ['05/11/2026', '2026-11-05'],
    ['5-11-2026', '2026-11-05'],
    ['05/11/26', '2026-11-05'],
    ['05-Nov-2026', '2026-11-05'],
    ['05-NOV-26', '2026-11-05'],
    ['5 November 2026', '2026-11-05'],
    ['2026-11-05', '2026-11-05'],
    ['05/11/2026 10:22:01', '2026-11-05'],
    ['2026-11-05T10:22:01Z', '2026-11-05'],
    ['31/02/2026', undefined],
    ['13/13/2026', undefined],
    ['yesterday', undefined],
    ['', undefined],
  ] as const)('%s is %s', (cell, day) => {
    expect(parseDay(cell)).toBe(day);
  });

  it('reads an XLSX date cell as its calendar day', () => {
    expect(parseDay(new Date(Date.UTC(2026, 10, 5)))).toBe('2026-11-05');
  });
});

describe('statement layouts', () => {
  it("reads GTBank's HTML export below its preamble, leaving debits and the total out", async () => {
    const parsed = await readStatement(fixture('gtbank.xls'), 'gtbank.xls');
    expect(parsed.header).toEqual([
      'Trans. Date',
      'Value. Date',
      'Reference',
      'Debits',
      'Credits',
      'Balance',
      'Originating Branch',
      'Remarks',
    ]);
    expect(parsed.mapping).toMatchObject({ date: 'Trans. Date', credit: 'Credits', narration: 'Remarks' });
    expect(parsed.credits.map(({ fingerprint: _f, ...line }) => line)).toEqual([
      {
        row: 2,
        date: '2026-11-03',
        narration: 'TRF FRM AMINA BELLO TO AREWA COMMUNITY FDN',
        amountKobo: 500_000,
        reference: 'GT/0311/0001',
        balanceKobo: 100_500_000,
      },
      {
        row: 5,
        date: '2026-11-06',
        narration: 'NIP TRANSFER FROM MUSA ABUBAKAR & SONS',
        amountKobo: 1_000_000,
        reference: 'GT/0611/0004',
        balanceKobo: 101_489_750,
      },
      {
        row: 7,
        date: '2026-11-12',
        narration: 'MOBILE TRF HAUWA SANI REF ab3k 7mnp',
        amountKobo: 150_050,
        reference: 'GT/1211/0006',
        balanceKobo: 76_639_800,
      },
    ]);
    expect(parsed.debits).toBe(3);
    expect(parsed.problems).toEqual([]);
  });

  it("reads UBA's CSV with a byte-order mark, preamble lines and times after dates", async () => {
    const parsed = await readStatement(fixture('uba.csv'), 'uba.csv');
    expect(parsed.mapping).toMatchObject({
      date: 'Tran Date',
      narration: 'Narration',
      credit: 'Credit',
      debit: 'Debit',
    });
    expect(parsed.credits.map((l) => [l.row, l.date, l.amountKobo, l.narration])).toEqual([
      [6, '2026-11-02', 2_000_000, 'NIP/AMINU ZAKARI/GIFT FOR WELLS'],
      [8, '2026-11-07', 300_000, 'UBA TRF FRM ZAINAB UMAR'],
    ]);
    expect(parsed.debits).toBe(1);
  });

  it('reads semicolon-separated CSV', async () => {
    const csv = 'Date;Details;Deposit;Withdrawal\n01/11/2026;GIFT;1000;\n';
    const parsed = await readStatement(Buffer.from(csv), 'x.csv');
    expect(parsed.credits[0]).toMatchObject({ date: '2026-11-01', amountKobo: 100_000, narration: 'GIFT' });
  });

  it('reads the first sheet of an XLSX workbook with date, number and text cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Statement');
    sheet.addRow(['UBA statement', null, null, null, null]);
    sheet.addRow(['Transaction Date', 'Narration', 'Debit', 'Credit', 'Balance']);
    sheet.addRow([new Date(Date.UTC(2026, 10, 2)), 'GIFT FROM ƊANLADI', null, 20000, 520000]);
    sheet.addRow(['04/11/2026', 'LEVY', '50.00', null, '519,950.00']);
    sheet.addRow([
      new Date(Date.UTC(2026, 10, 7)),
      { richText: [{ text: 'TRF ' }, { text: 'FROM ZAINAB' }] },
      null,
      '3,000.00',
      null,
    ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const parsed = await readStatement(file, 'uba.xlsx');
    expect(parsed.credits.map((l) => [l.row, l.date, l.amountKobo, l.narration])).toEqual([
      [3, '2026-11-02', 2_000_000, 'GIFT FROM ƊANLADI'],
      [5, '2026-11-07', 300_000, 'TRF FROM ZAINAB'],
    ]);
    expect(parsed.debits).toBe(1);
  });

  it('fingerprints a line the same in an overlapping export, and different lines differently', async () => {
    const first = await readStatement(fixture('uba.csv'), 'uba.csv');
    const overlap =
      'Tran Date,Value Date,Narration,Chq. No,Debit,Credit,Balance\n07/11/2026,07/11/2026,UBA TRF  FRM ZAINAB UMAR,,,3000.00,"522,950.00"\n';
    const second = await readStatement(Buffer.from(overlap), 'uba-2.csv');
    expect(second.credits[0]!.fingerprint).toBe(first.credits[1]!.fingerprint);
    expect(first.credits[0]!.fingerprint).not.toBe(first.credits[1]!.fingerprint);
    expect(second.headerKey).toBe(first.headerKey);
  });

  it('reports rows it cannot read by their row number and reads the rest', async () => {
    const parsed = await readStatement(fixture('bad-rows.csv'), 'bad-rows.csv');
    expect(parsed.credits.map((l) => l.row)).toEqual([2, 5]);
    expect(parsed.problems).toEqual([
      { row: 3, message: 'Row 3: the date “31/02/2026” cannot be read' },
      { row: 4, message: 'Row 4: the amount “5,0x0” cannot be read' },
    ]);
  });

  it('asks for a mapping of unknown columns, then reads with it', async () => {
    const asked = await refusal(fixture('unknown-columns.csv'));
    expect(asked.key).toBe('statements.needsMapping');
    expect(asked.header).toEqual(['When', 'What', 'In', 'Out']);
    const parsed = await readStatement(fixture('unknown-columns.csv'), 'x.csv', {
      date: 'When',
      narration: 'What',
      credit: 'In',
      debit: 'Out',
    });
    expect(parsed.credits).toHaveLength(1);
    expect(parsed.debits).toBe(1);
    expect((await refusal(fixture('unknown-columns.csv'), { date: 'Day', credit: 'In' })).key).toBe(
      'statements.mappingInvalid',
    );
  });
});

describe('files refused', () => {
  it.each([
    ['binary garbage', Buffer.from([0, 1, 2, 3, 255, 254, 7, 8, 0, 0]), 'statements.notATable'],
    [
      'a PDF',
      Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>\u0000\u0001'),
      'statements.notATable',
    ],
    [
      'an old binary Excel workbook',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      'statements.oldExcel',
    ],
    ['an empty file', Buffer.alloc(0), 'statements.empty'],
    ['a header without rows', Buffer.from('Trans Date,Narration,Debit,Credit\n'), 'statements.empty'],
    ['no credit column', Buffer.from('Trans Date,Narration,Debit\n01/11/2026,X,5.00\n'), 'statements.noCreditColumn'],
    ['a zip that is not a workbook', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'statements.notATable'],
  ])('%s', async (_name, file, key) => {
    expect((await refusal(file)).key).toBe(key);
  });

  it('refuses a file over 5 MB before reading it', async () => {
    const error = await refusal(Buffer.alloc(STATEMENT_MAX_BYTES + 1, 0x41));
    expect(error.key).toBe('statements.tooLarge');
    expect(error.message).toBe('The statement file is larger than 5 MB');
  });
});

/**
 * Refused with that message, within `ms`, and without the heap growing past `heapMb`. The time is
 * a bound on work that grows out of proportion to the file (each bound is several times what it
 * takes here, since the machine may be busy with other tests), not a measure of speed.
 */
async function refusedCheaply(file: Buffer, message: string, { ms = 2000, heapMb = 60 } = {}) {
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 5);
  const started = performance.now();
  const error = await refusal(file);
  const took = performance.now() - started;
  clearInterval(sampler);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  expect(error.message).toBe(message);
  expect(took, `${took.toFixed(0)} ms`).toBeLessThan(ms);
  expect((heapPeak - heapBefore) / 2 ** 20, 'heap growth in MB').toBeLessThan(heapMb);
}

describe('files past the bounds of a statement', () => {
  it('refuses an XLSX with a cell in column XFD on 300 rows (3 kB) at its first row', async () => {
    const file = await xlsxColumnBomb();
    expect(file.length).toBeLessThan(5000);
    await refusedCheaply(file, 'The statement has more than 64 columns', { ms: 500 });
  });

  it('refuses an XLSX whose sheet inflates to 200 MB, by its declared size or, when that lies, while inflating', async () => {
    const honest = await xlsxInflationBomb(200);
    expect(honest.length).toBeLessThan(250_000);
    await refusedCheaply(honest, 'The workbook unpacks to more than 50 MB', { ms: 500 });
    // Declares 1 kB: counting what actually comes out stops it at 50 MB, never holding it.
    await refusedCheaply(await xlsxInflationBomb(200, 1000), 'The workbook unpacks to more than 50 MB', {
      ms: 3000,
    });
  });

  it('refuses an XLSX past the rows or cells a statement needs, and reads one just inside', async () => {
    const far = `${STATEMENT_ROWS}<row r="100001"><c r="A100001"><v>1</v></c></row>`;
    await refusedCheaply(await xlsxWithRows(far), 'The statement has more than 100,000 rows');
    const column64 = `${STATEMENT_ROWS}<row r="3"><c r="BL3"><v>1</v></c></row>`;
    expect((await readStatement(await xlsxWithRows(column64), 'x.xlsx')).credits).toHaveLength(1);
    // Empty cells (formatting only) take no room, wherever they are.
    const styled = `${STATEMENT_ROWS}<row r="3"><c r="XFD3" s="0"/></row><row r="1048576"><c r="A1048576"/></row>`;
    expect((await readStatement(await xlsxWithRows(styled), 'x.xlsx')).credits).toHaveLength(1);
    const full = Array.from({ length: 16_000 }, (_, r) => `<row r="${r + 3}">${'<c><v>1</v></c>'.repeat(63)}</row>`);
    await refusedCheaply(
      await xlsxWithRows(STATEMENT_ROWS + full.join('')),
      'The statement has more than 1,000,000 cells',
      {
        ms: 10_000,
        heapMb: 400,
      },
    );
  });

  it('refuses a zip that is not a workbook, cut short, or with a document type', async () => {
    const whole = await xlsxWithRows(STATEMENT_ROWS);
    for (const cut of [whole.subarray(0, whole.length - 30), whole.subarray(0, 200), whole.subarray(0, 40)])
      expect((await refusal(Buffer.from(cut))).key).toBe('statements.notATable');
    const entity = await zip([
      { name: 'xl/workbook.xml', data: '<!DOCTYPE x [<!ENTITY a "aaaa">]><workbook>&a;</workbook>' },
    ]);
    expect((await refusal(entity)).key).toBe('statements.notATable');
  });

  it('refuses HTML nested too deeply before parsing it, and reads a table a few wrappers deep', async () => {
    const message = 'The statement file is nested too deeply: more than 64 tags inside one another';
    await refusedCheaply(deepHtml(20_000), message, { ms: 200 });
    await refusedCheaply(deepHtml(5_000), message, { ms: 200 });
    await refusedCheaply(deepHtml(5_000, 'b'), message, { ms: 200 });
    await refusedCheaply(Buffer.from(`<html><body><table>${'<tr><td><table>'.repeat(30)}`), message, { ms: 200 });
    // Left open, formatting elements are opened again inside each paragraph: as deep as their number.
    const reopened = Array.from({ length: 3000 }, (_, i) => `<p><b id="${i}">x</p>`).join('');
    await refusedCheaply(Buffer.from(`<html><body>${reopened}<table><tr><td>1</td></tr></table>`), message, {
      ms: 200,
    });
    const parsed = await readStatement(deepHtml(40), 'gtbank.xls');
    expect(parsed.credits).toMatchObject([{ date: '2026-11-03', amountKobo: 500_000, narration: 'GIFT' }]);
    // Cells, rows and paragraphs left open close as a browser closes them: not deep at all.
    const unclosed = `<html><body><table><tr><th>Trans. Date<th>Credits${'<tr><td>03-Nov-2026<td><p><b>5,000.00'.repeat(500)}</table>`;
    expect((await readStatement(Buffer.from(unclosed), 'gtbank.xls')).credits).toHaveLength(500);
    expect((await readStatement(fixture('gtbank.xls'), 'gtbank.xls')).credits).toHaveLength(3);
  });

  it('refuses HTML and CSV with more columns or rows than a statement has', async () => {
    await refusedCheaply(wideHtml(65), 'The statement has more than 64 columns', { ms: 200 });
    await refusedCheaply(wideHtml(200_000), 'The statement has more than 64 columns', { ms: 200 });
    expect((await readStatement(wideHtml(64), 'x.xls')).problems).toHaveLength(1);
    const csvHeader = 'Trans Date,Narration,Credit\n';
    await refusedCheaply(
      Buffer.from(`${csvHeader}${','.repeat(1_000_000)}\n`),
      'The statement has more than 64 columns',
    );
    await refusedCheaply(
      Buffer.from(`${csvHeader}${'01/11/2026,GIFT,1\n'.repeat(100_001)}`),
      'The statement has more than 100,000 rows',
      { ms: 20_000, heapMb: 200 },
    );
  });

  it('refuses text that is not UTF-8 anywhere in it, not only in the first 4 kB', async () => {
    const message = 'The statement is not UTF-8 text: please export it again as CSV (UTF-8) or as Excel (.xlsx)';
    const lines = Array.from({ length: 200 }, (_, i) => `0${(i % 9) + 1}/11/2026,GIFT FROM AMINA ${i},1000`);
    const valid = Buffer.from(`Trans Date,Narration,Credit\n${lines.join('\n')}\n`);
    expect(valid.length).toBeGreaterThan(5000);
    expect((await readStatement(valid, 'x.csv')).credits).toHaveLength(200);
    // "Ɗanladi" in Latin-1 bytes: 0xC6 is not followed by a continuation byte.
    for (const at of [100, 4095, 4096, valid.length - 10]) {
      const broken = Buffer.concat([valid.subarray(0, at), Buffer.from([0xc6, 0x41]), valid.subarray(at)]);
      expect((await refusal(broken)).message, `at byte ${at}`).toBe(message);
    }
    const html = Buffer.concat([
      Buffer.from('<html><body><table><tr><td>'),
      Buffer.alloc(5000, 0x41),
      Buffer.from([0xff]),
    ]);
    expect((await refusal(html)).message).toBe(message);
  });
});

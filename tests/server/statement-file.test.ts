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

/**
 * Statements are read in a worker thread: what it answers (a statement, or a refusal by its
 * message's key, named columns and figures), its time cap and heap limit (the worker is ended and
 * the file refused with a clear message), several reads at once, and the refusal told in the
 * language of the request that sent the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementError } from '../../server/giving/statement-file';
import { readStatementOffThread, STATEMENT_READ_LIMITS } from '../../server/giving/statement-reader';
import { multipartBody } from '../fixtures/multipart';
import { createTestApp, type TestApp } from '../helpers/app';
import { largeHtml, xlsxColumnBomb } from '../helpers/statement-files';

const CSV = 'Trans Date,Narration,Credit\n01/11/2026,GIFT FROM AMINA,1000\n';

async function refusal(read: Promise<unknown>): Promise<StatementError> {
  const error = await read.then(
    () => {
      throw new Error('the file was read');
    },
    (e: unknown) => e,
  );
  expect((error as Error).name).toBe('StatementError');
  return error as StatementError;
}

describe('reading statements in a worker', () => {
  it('answers the statement, or why it is refused with the columns to map and the bound passed', async () => {
    const read = await readStatementOffThread(Buffer.from(CSV));
    expect(read.credits).toMatchObject([{ date: '2026-11-01', amountKobo: 100_000, narration: 'GIFT FROM AMINA' }]);
    const mapped = await readStatementOffThread(Buffer.from('When,What,In\n01/11/2026,GIFT,5\n'), {
      date: 'When',
      narration: 'What',
      credit: 'In',
    });
    expect(mapped.credits).toHaveLength(1);
    const asked = await refusal(readStatementOffThread(Buffer.from('When,What,In\n01/11/2026,GIFT,5\n')));
    expect([asked.key, asked.header]).toEqual(['statements.needsMapping', ['When', 'What', 'In']]);
    const bomb = await refusal(readStatementOffThread(await xlsxColumnBomb()));
    expect([bomb.key, bomb.vars, bomb.message]).toEqual([
      'statements.tooManyColumns',
      { max: '64' },
      'The statement has more than 64 columns',
    ]);
  });

  it('ends a read that passes the time cap and refuses the file; the next read goes on', async () => {
    // A 5 MB table takes over a second to read on any machine: a cap of a tenth of that is passed.
    const error = await refusal(
      readStatementOffThread(largeHtml(5), undefined, { ...STATEMENT_READ_LIMITS, timeoutMs: 100 }),
    );
    expect(error.message).toBe('Reading the statement took longer than 0.1 seconds: please export a shorter period');
    expect((await readStatementOffThread(Buffer.from(CSV))).credits).toHaveLength(1);
  });

  it('refuses a file whose reading needs more than the heap limit, ending that worker only', async () => {
    const error = await refusal(readStatementOffThread(largeHtml(5), undefined, { timeoutMs: 60_000, heapMb: 48 }));
    expect(error.message).toBe('Reading the statement needed too much memory: please export a shorter period');
    expect((await readStatementOffThread(Buffer.from(CSV))).credits).toHaveLength(1);
  }, 60_000);

  it('reads many files sent at once, each answered with its own', async () => {
    const files = Array.from({ length: 6 }, (_, i) =>
      Buffer.from(`Trans Date,Narration,Credit\n01/11/2026,GIFT ${i},${i + 1}\n`),
    );
    const read = await Promise.all([
      ...files.map((f) => readStatementOffThread(f)),
      xlsxColumnBomb().then((bomb) => readStatementOffThread(bomb).catch((e: Error) => e.message)),
    ]);
    expect(read.slice(0, 6).map((s) => (typeof s === 'string' ? s : s.credits[0]!.narration))).toEqual(
      files.map((_, i) => `GIFT ${i}`),
    );
    expect(read[6]).toBe('The statement has more than 64 columns');
  });
});

describe('a refused statement through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it("is told in the request's language", async () => {
    const { payload, headers } = await multipartBody([
      { field: 'file', data: await xlsxColumnBomb(), filename: 'bomb.xlsx' },
    ]);
    const send = (language: string) =>
      t.asAdmin({
        method: 'POST',
        url: '/api/statements',
        payload,
        headers: { ...headers, 'accept-language': language },
      });
    const english = await send('en');
    expect([english.statusCode, english.json().message]).toEqual([400, 'The statement has more than 64 columns']);
    const hausa = await send('ha');
    expect([hausa.statusCode, hausa.json().message]).toEqual([400, 'Bayanan bankin suna da ginshiƙai fiye da 64']);
  });
});

/**
 * Receipt PDFs made once and stored, on both databases, counted by the worker thread's
 * announcement of each one it makes (server/giving/receipt-pdf-thread.ts):
 * - recording a gift makes no PDF in its transaction; it queues the pledge, and the builder then
 *   makes its receipt in both languages, each in the worker thread, never on the thread that
 *   serves requests;
 * - reads of a current receipt, REST and tRPC, in either language, make none and answer the
 *   stored bytes;
 * - more than 32 distinct receipts (the old in-memory cache's size) are each made once;
 * - what changes a receipt's words makes it again, and only in the language they changed: a
 *   further payment, a staff correction of a receipt's text, a reversal (no receipt any more);
 * - backups leave them out (they are made again from the gifts);
 * - the builder, started as the server starts it, makes them soon after the gift is recorded.
 */
import diagnostics from 'node:diagnostics_channel';
import { threadId } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backupTables } from '../../server/backup/tables';
import { buildQueuedReceipts, startReceiptBuilder } from '../../server/giving/receipt-builder';
import { RECEIPT_BUILT_CHANNEL, type ReceiptBuilt } from '../../server/giving/receipt-pdf-thread';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, unique } from '../helpers/fixtures';
import { isPdf, pdfText } from '../helpers/pdf';
import { waitFor } from '../helpers/wait';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** Every receipt the worker thread makes in this process, as it announces them. */
const made: ReceiptBuilt[] = [];
const count = (message: unknown) => made.push(message as ReceiptBuilt);
beforeAll(() => diagnostics.subscribe(RECEIPT_BUILT_CHANNEL, count));
afterAll(() => diagnostics.unsubscribe(RECEIPT_BUILT_CHANNEL, count));

describe.each(testDatabases())('receipt PDFs made once and stored, on %s', (kind) => {
  let t: TestApp;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ALLOWED_HOSTS: 'localhost' } });
    const created = await t.asAdmin({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: unique('Wells '), titleHa: 'Rijiyoyin Dutse' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    campaignId = created.json().campaign._id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    // What an earlier test left queued is no part of the next.
    await t.deps.db.deleteFrom('receipt_builds').execute();
    made.length = 0;
  });

  const pledge = async (language = 'en') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pledges',
      headers: { 'accept-language': language },
      payload: { campaignId, amount: 100, name: 'Ɗanladi Ƙaura' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.reference as string;
  };
  const setStatus = async (reference: string, payload: object) => {
    const res = await t.asAdmin({ method: 'PUT', url: `/api/pledges/${reference}`, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  const receipt = async (reference: string, lang: 'en' | 'ha') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/pledges/${reference}/receipt.pdf?lang=${lang}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(isPdf(res.rawPayload)).toBe(true);
    return res.rawPayload;
  };
  const stored = (pledgeId: string) =>
    t.deps.db
      .selectFrom('receipt_pdfs')
      .select(['language', 'pdf'])
      .where('pledgeId', '=', pledgeId)
      .orderBy('language')
      .execute();
  const queued = (pledgeId: string) =>
    t.deps.db.selectFrom('receipt_builds').select('pledgeId').where('pledgeId', '=', pledgeId).execute();

  it('makes no PDF in the gift’s transaction, then makes both languages in the worker thread, and reads make none', async () => {
    const reference = await pledge('ha');
    const id = await setStatus(reference, { status: 'confirmed' });
    expect(made).toEqual([]);
    expect(await queued(id)).toHaveLength(1);

    const round = await buildQueuedReceipts(t.deps);
    expect(round).toMatchObject({ made: 2, failed: [] });
    expect(made.map((m) => m.language).sort()).toEqual(['en', 'ha']);
    for (const m of made) {
      // Made by a worker thread, not by the thread that serves requests (this one).
      expect(m.threadId).not.toBe(threadId);
      expect(m.threadId).toBeGreaterThan(0);
    }
    expect(await queued(id)).toEqual([]);
    const rows = await stored(id);
    expect(rows.map((row) => row.language)).toEqual(['en', 'ha']);

    made.length = 0;
    for (let i = 0; i < 3; i++) {
      expect(Buffer.compare(await receipt(reference, 'en'), Buffer.from(rows[0]!.pdf))).toBe(0);
      expect(Buffer.compare(await receipt(reference, 'ha'), Buffer.from(rows[1]!.pdf))).toBe(0);
      const answer = await t.publicCaller.pledge.receiptPdf({ reference, lang: 'ha' });
      expect(Buffer.from(answer.base64, 'base64').equals(Buffer.from(rows[1]!.pdf))).toBe(true);
    }
    expect(made).toEqual([]);
    // A second round finds nothing to do.
    expect(await buildQueuedReceipts(t.deps)).toMatchObject({ made: 0, failed: [] });
  });

  it('makes each of more than 32 distinct receipts once, whatever the order they are read in', async () => {
    const references: string[] = [];
    for (let i = 0; i < 17; i++) {
      const reference = await pledge(i % 2 ? 'ha' : 'en');
      await setStatus(reference, { status: 'confirmed' });
      references.push(reference);
    }
    // No builder runs: each read that finds no stored receipt makes it, once.
    const first = new Map<string, Buffer>();
    for (const lang of ['en', 'ha'] as const)
      for (const reference of references) first.set(`${reference}:${lang}`, await receipt(reference, lang));
    // Read again in the same order, twice: the same bytes each time (a PDF made again would carry
    // another creation time and file id), and nothing more made.
    for (let pass = 0; pass < 2; pass++)
      for (const lang of ['en', 'ha'] as const)
        for (const reference of references) {
          expect(Buffer.compare(await receipt(reference, lang), first.get(`${reference}:${lang}`)!)).toBe(0);
        }
    expect(made).toHaveLength(34);
    expect(new Set(made.map((m) => m.threadId)).has(threadId)).toBe(false);
  }, 120_000);

  it('asked many times at once before it is stored, makes the receipt once', async () => {
    const reference = await pledge();
    await setStatus(reference, { status: 'confirmed' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => receipt(reference, 'en')));
    expect(made).toHaveLength(1);
    for (const answer of answers) expect(answer.equals(answers[0]!)).toBe(true);
  });

  it('makes a receipt again when its words change, in the language they changed in, and drops it once nothing counts', async () => {
    const reference = await pledge();
    const id = await setStatus(reference, { status: 'confirmed', amountReceived: 60 });
    await buildQueuedReceipts(t.deps);
    expect(made).toHaveLength(2);

    // A further payment: both languages again, with both lines.
    made.length = 0;
    await setStatus(reference, { status: 'confirmed' });
    expect(made).toEqual([]);
    expect(await buildQueuedReceipts(t.deps)).toMatchObject({ made: 2 });
    const both = await pdfText(await receipt(reference, 'en'));
    expect(both).toContain('Total');
    expect(both).toContain('One hundred naira');
    expect(made).toHaveLength(2);

    // Staff correct a text of the Hausa receipt: the next Hausa read makes it again, once; English stays.
    made.length = 0;
    const thanks = 'Mun gode ƙwarai da gudummawarka. Wannan rasiti shaida ne.';
    const corrected = await t.asAdmin({
      method: 'PUT',
      url: '/api/texts/pledgePage.receiptThanks',
      payload: { locale: 'ha', text: thanks },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    try {
      expect(await pdfText(await receipt(reference, 'ha'))).toContain(thanks);
      await receipt(reference, 'ha');
      await receipt(reference, 'en');
      expect(made.map((m) => m.language)).toEqual(['ha']);
    } finally {
      await t.asAdmin({ method: 'DELETE', url: '/api/texts/pledgePage.receiptThanks?locale=ha' });
    }

    // Reopened: its gifts are reversed, the stored receipts go, and there is no receipt to read.
    made.length = 0;
    await setStatus(reference, { status: 'pending' });
    expect(await queued(id)).toHaveLength(1);
    expect(await buildQueuedReceipts(t.deps)).toMatchObject({ made: 0, failed: [] });
    expect(await stored(id)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/pledges/${reference}/receipt.pdf` })).statusCode).toBe(404);
    expect(made).toEqual([]);
  });

  it('leaves the stored receipts and their queue out of backups: they are made again from the gifts', async () => {
    const tables = await backupTables(t.deps.db);
    expect(tables).toContain('gifts');
    expect(tables).not.toContain('receipt_pdfs');
    expect(tables).not.toContain('receipt_builds');
  });

  describe('the builder, started as the server starts it', () => {
    let stop: (() => void) | undefined;
    afterEach(() => stop?.());

    it('makes a pledge’s receipts soon after its gift is recorded', async () => {
      stop = startReceiptBuilder(t.deps, log);
      const reference = await pledge();
      const id = await setStatus(reference, { status: 'confirmed' });
      await waitFor(async () => (await stored(id)).length === 2, { what: 'both receipts to be stored' });
      await waitFor(async () => (await queued(id)).length === 0, { what: 'the queue to be emptied' });
      made.length = 0;
      await receipt(reference, 'en');
      await receipt(reference, 'ha');
      expect(made).toEqual([]);
    });
  });
});

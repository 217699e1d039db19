/**
 * The donor's receipt to keep, on both databases: the pledge page names the donor (never an
 * anonymous one, and only once money arrived) and the foundation's CAC RC number;
 * GET /api/pledges/{reference}/receipt.pdf and pledge.receiptPdf answer 404 until a payment is
 * received, then the PDF, whose text read back holds the name (with Hausa letters), the amount in
 * figures and words, the receipt number and the registration number, in the language asked for;
 * and the receipt mail, read back from a real SMTP server, carries the gift's PDF (made in the
 * receipts' worker thread as the mail leaves) while its outbox row holds only the attachment's name.
 */
import diagnostics from 'node:diagnostics_channel';
import { threadId } from 'node:worker_threads';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_BUILT_CHANNEL, type ReceiptBuilt } from '../../server/giving/receipt-pdf-thread';
import { formatNaira } from '../../shared/format';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, unique, uniqueEmail } from '../helpers/fixtures';
import { deliverDue, mailEnv, mailsTo } from '../helpers/mail';
import { isPdf, pdfText } from '../helpers/pdf';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

const HAUSA_NAME = 'Ɗanladi Ƙaura';
const CAC = 'RC 1234567';

describe.each(testDatabases())('the PDF receipt on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let campaign: { _id: string; title: string };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost' } });
    const created = await t.asAdmin({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: unique('Wells '), titleHa: 'Rijiyoyin Dutse' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    campaign = created.json().campaign;
    const settings = (await t.asAdmin({ method: 'GET', url: '/api/settings' })).json();
    const saved = await t.asAdmin({ method: 'PUT', url: '/api/settings', payload: { ...settings, cacRcNumber: CAC } });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const pledge = async (body: object, language = 'en') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pledges',
      headers: { 'accept-language': language },
      payload: { campaignId: campaign._id, amount: 25_000, name: HAUSA_NAME, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { reference: string };
  };
  const confirm = async (reference: string, payload: object = {}) => {
    const res = await t.asAdmin({
      method: 'PUT',
      url: `/api/pledges/${reference}`,
      payload: { status: 'confirmed', ...payload },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const receiptPdf = (reference: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/pledges/${reference}/receipt.pdf${query}` });

  it('answers 404 before a payment, then the PDF with the name, amount in figures and words, and number', async () => {
    const { reference } = await pledge({});
    const before = await receiptPdf(reference);
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toMatch(/no receipt yet/i);
    const pageBefore = await t.publicCaller.pledge.page({ reference });
    expect(pageBefore.donorName).toBeNull();

    await confirm(reference);
    const page = await t.publicCaller.pledge.page({ reference });
    const number = page.receipts[0]!.receiptNumber;
    expect(page.donorName).toBe(HAUSA_NAME);
    expect(page.foundation.cacRcNumber).toBe(CAC);

    const res = await receiptPdf(reference);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${reference}.pdf"`);
    expect(res.headers['cache-control']).toContain('private');
    expect(isPdf(res.rawPayload)).toBe(true);
    const text = await pdfText(res.rawPayload);
    // The Hausa letters come back as themselves: ɗ and ƙ drawn from the embedded font, mapped to Unicode.
    expect(text).toContain(HAUSA_NAME);
    expect(text).toContain(formatNaira(25_000));
    expect(text).toContain('Twenty-five thousand naira');
    expect(text).toContain(number);
    expect(text).toContain(reference);
    expect(text).toContain(campaign.title);
    expect(text).toContain(`CAC RC number: ${CAC}`);
  });

  it('writes the receipt in the language asked for, or else the pledge’s, with every payment and their total', async () => {
    const { reference } = await pledge({}, 'ha');
    await confirm(reference, { amountReceived: 5_000 });
    await confirm(reference);
    const hausa = await pdfText((await receiptPdf(reference)).rawPayload);
    expect(hausa).toContain('Rasiti');
    expect(hausa).toContain('Rijiyoyin Dutse');
    expect(hausa).toContain(HAUSA_NAME);
    expect(hausa).toContain('Naira dubu ashirin da biyar');
    expect(hausa).toContain('Jimilla');
    expect(hausa).toContain(`Lambar rajista ta CAC (RC): ${CAC}`);
    const { receipts } = await t.publicCaller.pledge.page({ reference });
    expect(receipts).toHaveLength(2);
    for (const r of receipts) expect(hausa).toContain(r.receiptNumber);
    expect(hausa).toContain(formatNaira(5_000));
    expect(hausa).toContain(formatNaira(20_000));

    const english = await pdfText((await receiptPdf(reference, '?lang=en')).rawPayload);
    expect(english).toContain('Receipt');
    expect(english).toContain('Total');
    expect(english).toContain('Twenty-five thousand naira');
    expect((await receiptPdf(reference, '?lang=fr')).statusCode).toBe(400);
  });

  it('names no anonymous donor, on the page or in the PDF', async () => {
    const { reference } = await pledge({ name: 'Zainab Ɓata', anonymous: true });
    await confirm(reference);
    expect((await t.publicCaller.pledge.page({ reference })).donorName).toBeNull();
    const text = await pdfText((await receiptPdf(reference)).rawPayload);
    expect(text).not.toContain('Zainab');
    expect(text).not.toMatch(/Received from/);
    expect(text).toContain('Twenty-five thousand naira');
  });

  it('gives the same PDF through pledge.receiptPdf, in base64, and NOT_FOUND before a payment', async () => {
    const { reference } = await pledge({});
    await expect(t.publicCaller.pledge.receiptPdf({ reference })).rejects.toSatisfy(
      (error: unknown) => error instanceof TRPCError && error.code === 'NOT_FOUND',
    );
    await confirm(reference);
    const answer = await t.publicCaller.pledge.receiptPdf({ reference, lang: 'ha' });
    expect(answer).toMatchObject({ filename: `receipt-${reference}.pdf`, contentType: 'application/pdf' });
    const bytes = Buffer.from(answer.base64, 'base64');
    expect(isPdf(bytes)).toBe(true);
    expect(await pdfText(bytes)).toContain('Naira dubu ashirin da biyar');
    await expect(t.publicCaller.pledge.receiptPdf({ reference: 'NOSUCHREF' })).rejects.toSatisfy(
      (error: unknown) => error instanceof TRPCError && error.code === 'NOT_FOUND',
    );
  });

  it('attaches the gift’s PDF to the receipt mail, made as it is sent, and nothing to other mails', async () => {
    const email = uniqueEmail('receipt');
    const { reference } = await pledge({ email });
    await confirm(reference);
    const [row] = await t.deps.db
      .selectFrom('mail_outbox')
      .select(['attachment', 'html'])
      .where('kind', '=', 'gift.receipt')
      .where('toAddress', '=', email)
      .execute();
    const { receipts } = await t.publicCaller.pledge.page({ reference });
    const number = receipts[0]!.receiptNumber;
    // The row names the file; the bytes are made when the mail leaves.
    expect(row!.attachment).toBe(`gift-receipt:${number}`);
    expect(row!.html).not.toContain('%PDF');

    // Made in the receipts' worker thread, not on this one, as the mail leaves.
    const made: ReceiptBuilt[] = [];
    const count = (message: unknown) => made.push(message as ReceiptBuilt);
    diagnostics.subscribe(RECEIPT_BUILT_CHANNEL, count);
    try {
      await deliverDue(t.deps, smtp);
    } finally {
      diagnostics.unsubscribe(RECEIPT_BUILT_CHANNEL, count);
    }
    expect(made).toHaveLength(1);
    expect(made[0]!.threadId).not.toBe(threadId);
    const [instructions, receipt] = mailsTo(smtp, email);
    expect(instructions!.attachments).toEqual([]);
    expect(receipt!.subject).toContain(number);
    expect(receipt!.text).toMatch(/attached to this email as a PDF/);
    expect(receipt!.attachments).toHaveLength(1);
    const [file] = receipt!.attachments;
    expect(file!.contentType).toBe('application/pdf');
    expect(file!.filename).toBe(`receipt-${number}.pdf`);
    const text = await pdfText(file!.content);
    expect(text).toContain(HAUSA_NAME);
    expect(text).toContain(number);
    expect(text).toContain(formatNaira(25_000));
    expect(text).toContain('Twenty-five thousand naira');
    expect(text).toContain(`CAC RC number: ${CAC}`);
  });

  it('writes a Hausa pledge’s receipt mail and its PDF in Hausa', async () => {
    const email = uniqueEmail('receipt-ha');
    const { reference } = await pledge({ email, amount: 5_000 }, 'ha');
    await confirm(reference);
    await deliverDue(t.deps, smtp);
    const receipt = mailsTo(smtp, email).find((mail) => mail.attachments.length > 0)!;
    expect(receipt.text).toContain('PDF');
    const text = await pdfText(receipt.attachments[0]!.content);
    expect(text).toContain('Naira dubu biyar');
    expect(text).toContain(HAUSA_NAME);
    expect(text).toContain('Rijiyoyin Dutse');
    expect(reference).toBeTruthy();
  });
});

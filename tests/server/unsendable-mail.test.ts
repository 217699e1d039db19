/**
 * A mail that cannot be written never fails the change that causes it, on both databases: with a
 * receipt's or a pledge's subject over a mail header's length (a correction stored before the
 * texts' length rule, here written straight into the database), a signed Paystack charge.success
 * still records its gift, finance confirming a transfer still records theirs, and a pledge with an
 * email is still made; each mail is stored failed with why, the dashboard says so to staff, and
 * it cannot be sent again as it is.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogueText } from '../../shared/messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, unique, uniqueEmail } from '../helpers/fixtures';
import { type PaystackDouble, startPaystackDouble } from '../helpers/paystack';

const SECRET = 'sk_test_9f3c2a7e1b5d8c4a6e0f';
const HOST = 'foundation.example.org';

describe.each(testDatabases())('mail that cannot be written, on %s', (kind) => {
  let t: TestApp;
  let paystack: PaystackDouble;
  let campaignId: string;

  beforeAll(async () => {
    paystack = await startPaystackDouble({ secretKey: SECRET });
    t = await createTestApp(kind, {
      env: {
        PAYSTACK_SECRET_KEY: SECRET,
        PAYSTACK_API_URL: paystack.url,
        PUBLIC_URL: `https://${HOST}`,
        ALLOWED_HOSTS: HOST,
      },
    });
    const created = await asAdmin({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: unique('Wells '), amountRaised: 0, supporters: 0 }),
    });
    campaignId = created.json().campaign._id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await paystack?.close();
  });
  beforeEach(async () => {
    await t.deps.db.deleteFrom('text_overrides').execute();
  });

  const inject = (options: InjectOptions) => t.app.inject({ ...options, headers: { host: HOST, ...options.headers } });
  const asAdmin = (options: InjectOptions) =>
    inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${t.token}` } });

  /** A subject correction as an older rule let through, in force once the data version moves on. */
  const storedCorrection = async (key: string, text: string) => {
    await t.deps.db
      .insertInto('text_overrides')
      .values({ key, locale: 'en', text, englishThen: catalogueText(key, 'en')!, changedAt: new Date() })
      .execute();
    await t.deps.publicDataVersion.settle();
  };
  const pledge = async (email: string) => {
    const res = await inject({
      method: 'POST',
      url: '/api/pledges',
      payload: { campaignId, amount: 5000, name: 'Hauwa Sani', email },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { reference: string };
  };
  const mailsTo = (email: string) =>
    t.deps.db.selectFrom('mail_outbox').selectAll().where('toAddress', '=', email).orderBy('createdAt').execute();
  const giftsOf = (reference: string) =>
    t.deps.db
      .selectFrom('gifts')
      .innerJoin('pledges', 'pledges.id', 'gifts.pledgeId')
      .select(['gifts.amount'])
      .where('pledges.reference', '=', reference)
      .execute();
  const failedOnDashboard = async () => (await t.adminCaller.dashboard.mail()).failed;

  /** The receipt is stored failed, with why; staff see it and cannot send it again as it is. */
  const expectReceiptFailed = async (email: string) => {
    const receipts = (await mailsTo(email)).filter((mail) => mail.kind === 'gift.receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ status: 'failed', attempts: 0 });
    expect(receipts[0]!.lastError).toMatch(/subject is too long for a header/);
    const listed = await asAdmin({ method: 'GET', url: '/api/outbox?status=failed' });
    expect(listed.json().items.map((item: { id: string }) => item.id)).toContain(receipts[0]!.id);
    const retry = await asAdmin({ method: 'POST', url: `/api/outbox/${receipts[0]!.id}/retry` });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(
      'This message could not be written as a mail, so it cannot be sent: Last error says why',
    );
  };

  it('records a gift from a signed charge.success though its receipt cannot be written', async () => {
    const email = uniqueEmail('donor');
    const made = await pledge(email);
    await storedCorrection('mail.receipt.subject', `Receipt {number} ${'x'.repeat(1000)}`);
    const before = await failedOnDashboard();
    const start = await inject({ method: 'POST', url: `/api/pledges/${made.reference}/pay`, payload: { email } });
    expect(start.statusCode, start.body).toBe(200);
    const paid = paystack.pay(`${made.reference}-1`, { channel: 'card' });
    const body = paystack.webhookBody('charge.success', paid);
    const res = await inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': paystack.signature(body) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await giftsOf(made.reference)).toEqual([{ amount: 5000 }]);
    await expectReceiptFailed(email);
    expect(await failedOnDashboard()).toBe(before + 1);
  });

  it('records a transfer finance confirms though its receipt cannot be written', async () => {
    const email = uniqueEmail('donor');
    const made = await pledge(email);
    await storedCorrection('mail.receipt.subject', `Receipt {number} ${'x'.repeat(1000)}`);
    const before = await failedOnDashboard();
    const { id } = (await asAdmin({ method: 'GET', url: `/api/pledges?q=${made.reference}` })).json().items[0];
    const res = await asAdmin({ method: 'PUT', url: `/api/pledges/${id}`, payload: { status: 'confirmed' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await giftsOf(made.reference)).toEqual([{ amount: 5000 }]);
    await expectReceiptFailed(email);
    expect(await failedOnDashboard()).toBe(before + 1);
  });

  it('makes a pledge though its instructions cannot be written', async () => {
    await storedCorrection('mail.pledge.subject', `${'{reference} '.repeat(300)}{amount}`);
    const email = uniqueEmail('donor');
    const made = await pledge(email);
    expect(made.reference).toMatch(/^[A-Z0-9]+$/);
    const [instructions] = await mailsTo(email);
    expect(instructions).toMatchObject({ kind: 'pledge.instructions', status: 'failed', attempts: 0 });
    expect(instructions!.lastError).toMatch(/subject is too long for a header/);
  });
});

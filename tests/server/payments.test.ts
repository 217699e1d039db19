/**
 * Paying a pledge online, end to end on both databases, against a stand-in for Paystack on a real
 * port (tests/helpers/paystack.ts): the checkout asked for as Paystack's API reference says, by
 * JSON, tRPC and HTML form; the gift recorded once whether the donor's return or the signed
 * webhook comes first, or the webhook five times at once; bad signatures refused; a different
 * amount recorded as paid and flagged; a refund taken back once, a partial one flagged; failed and
 * abandoned payments tried again; payments that end after the pledge was cancelled or expired, or
 * without the donor coming back; Paystack down or not configured; closed pledges refused; the fee
 * covered by the donor; events that are not ours ignored; a payer's email kept on the attempt, off
 * a pledge that has none; Paystack asked about a pledge at most once every 10 s, whatever the page
 * loads, batches and instances, and no more about attempts abandoned for an hour; a second paid
 * attempt flagged as an overpayment. After each, the campaign's totals follow the rule of
 * `npm run check:totals`. Last, the stand-in itself refuses what Paystack refuses.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTotals } from '../../server/giving/totals';
import { claimDue } from '../../server/mail/outbox';
import { sendableRows } from '../../server/mail/sendable';
import { t as translate } from '../../shared/messages';
import { DEFAULT_FEE_RULE, feeCoverFor, feeKoboOn } from '../../shared/payment-fees';
import { createTestApp, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, unique, uniqueEmail } from '../helpers/fixtures';
import { type PaystackDouble, startPaystackDouble } from '../helpers/paystack';

const SECRET = 'sk_test_9f3c2a7e1b5d8c4a6e0f';
const OTHER_SECRET = 'sk_test_0a1b2c3d4e5f6a7b8c9d';
const PUBLIC_URL = 'https://foundation.example.org';
const HOST = 'foundation.example.org';
const WEBHOOK = '/api/payments/paystack/webhook';
const kobo = (naira: number) => naira * 100;
const paystackFee = (amountKobo: number) => feeKoboOn(amountKobo, DEFAULT_FEE_RULE);

interface Made {
  reference: string;
  amount: number;
  email: string | undefined;
}

describe.each(testDatabases())('online payment on %s', (kind) => {
  let t: TestApp;
  let paystack: PaystackDouble;
  let campaign: { _id: string; title: string };
  /** The site listening on a real port too, for the webhooks the checkout page sends. */
  let siteUrl: string;
  /**
   * The site's clock runs this far ahead of the real one: the pledge page asks Paystack about an
   * attempt at most every few seconds, and `later()` moves past that instead of waiting for it.
   */
  let ahead = 0;
  const later = () => {
    ahead += 60_000;
  };

  beforeAll(async () => {
    paystack = await startPaystackDouble({ secretKey: SECRET });
    t = await createTestApp(kind, { env: siteEnv(), now: () => new Date(Date.now() + ahead) });
    siteUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const created = await inject({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: unique('Wells '), amountRaised: 20_000, supporters: 3 }),
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    campaign = created.json().campaign;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await paystack?.close();
  });

  const siteEnv = () => ({
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_API_URL: paystack.url,
    PUBLIC_URL,
    ALLOWED_HOSTS: `${HOST},127.0.0.1`,
  });
  /** Requests name the site's own host: PUBLIC_URL's. */
  const inject = (options: InjectOptions) => t.app.inject({ ...options, headers: { host: HOST, ...options.headers } });
  const asAdmin = (options: InjectOptions) =>
    inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${t.token}` } });

  const pledge = async (body: object = {}): Promise<Made> => {
    const payload = {
      campaignId: campaign._id,
      amount: 5000,
      name: 'Hauwa Sani',
      email: uniqueEmail('donor'),
      ...body,
    };
    const res = await inject({ method: 'POST', url: '/api/pledges', payload });
    expect(res.statusCode, res.body).toBe(201);
    return { reference: res.json().data.reference, amount: payload.amount, email: payload.email || undefined };
  };
  const startPay = (reference: string, body: object = {}) =>
    inject({ method: 'POST', url: `/api/pledges/${reference}/pay`, payload: body });
  /** Starts paying and answers Paystack's checkout page for the attempt. */
  const checkoutFor = async (made: Made, body: object = {}) => {
    const res = await startPay(made.reference, { email: made.email, ...body });
    expect(res.statusCode, res.body).toBe(200);
    const { authorizationUrl } = res.json() as { authorizationUrl: string };
    expect(authorizationUrl.startsWith(`${paystack.url}/checkout/`)).toBe(true);
    return authorizationUrl;
  };
  /** What the donor's browser does on Paystack's page: open it, press a button, follow nothing. */
  const pressOnCheckout = async (authorizationUrl: string, button: 'Pay' | 'Cancel') => {
    const page = await fetch(authorizationUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`>${button}</button>`);
    const action = new RegExp(`action="([^"]+)"><button type="submit">${button}<`).exec(html)![1]!;
    const res = await fetch(new URL(action, authorizationUrl), { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  };

  /** pledge.page over HTTP, as the page loaded on the donor's return asks for it. */
  const pledgePage = async (reference: string) => {
    const input = encodeURIComponent(JSON.stringify({ json: { reference } }));
    const res = await inject({ method: 'GET', url: `/trpc/pledge.page?input=${input}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.data.json as {
      pledge: { status: string; paidOnline: boolean; receivedAmount?: number };
      payment: { available: boolean; state: string; hasEmail: boolean };
      receipts: { receiptNumber: string; amount: number }[];
    };
  };
  const publicPledge = async (reference: string) => {
    const res = await inject({ method: 'GET', url: `/api/pledges/${reference}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string; paidOnline: boolean; receivedAmount?: number };
  };
  const staffPledge = async (reference: string) => {
    const res = await asAdmin({ method: 'GET', url: `/api/pledges?q=${reference}` });
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json().items as { reference: string }[]).find((p) => p.reference === reference);
    return found as unknown as {
      status: string;
      receivedAmount: number;
      online: { channel: string; grossKobo: number; feeKobo: number; netKobo: number; review: string | null } | null;
    };
  };
  /** The campaign's public totals, as an instance of the site answers them (this one unless told). */
  const totals = async (site: TestApp = t) => {
    const res = await site.app.inject({ method: 'GET', url: `/campaigns/${campaign._id}`, headers: { host: HOST } });
    const { amountRaised, supporters } = res.json() as { amountRaised: number; supporters: number };
    return { amountRaised, supporters };
  };
  const giftsOf = (reference: string) =>
    t.deps.db
      .selectFrom('gifts')
      .innerJoin('pledges', 'pledges.id', 'gifts.pledgeId')
      .selectAll('gifts')
      .where('pledges.reference', '=', reference)
      .orderBy('gifts.createdAt')
      .execute();
  const attemptsOf = (reference: string) =>
    t.deps.db
      .selectFrom('payment_attempts')
      .innerJoin('pledges', 'pledges.id', 'payment_attempts.pledgeId')
      .selectAll('payment_attempts')
      .where('pledges.reference', '=', reference)
      .orderBy('attempt')
      .execute();
  const receiptsTo = (email: string) =>
    t.deps.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', 'gift.receipt')
      .where('toAddress', '=', email)
      .execute();
  const auditCount = async (action?: string) => {
    let query = t.deps.db.selectFrom('audit_events').select((eb) => eb.fn.countAll<number>().as('n'));
    if (action) query = query.where('action', '=', action);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  /** Everything a payment could move: to compare before and after something that must change nothing. */
  const snapshot = async (reference?: string) => ({
    totals: await totals(),
    gifts: Number(
      (
        await t.deps.db
          .selectFrom('gifts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    reversed: Number(
      (
        await t.deps.db
          .selectFrom('gifts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('reversedAt', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    audit: await auditCount(),
    ...(reference
      ? { attempts: (await attemptsOf(reference)).map((a) => a.status), pledge: (await publicPledge(reference)).status }
      : {}),
  });
  /** A webhook as Paystack posts it: the raw JSON body and its signature, unless told otherwise. */
  const webhook = (event: string, data: unknown, options: { signature?: string | null; rawBody?: string } = {}) => {
    const signed = paystack.webhookBody(event, data);
    const signature = options.signature === undefined ? paystack.signature(signed) : options.signature;
    return inject({
      method: 'POST',
      url: WEBHOOK,
      payload: options.rawBody ?? signed,
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-paystack-signature': signature }),
      },
    });
  };
  const expectTotalsRuleHolds = async () => expect(await checkTotals(t.deps.db)).toEqual([]);

  it('asks Paystack for a checkout, and records the gift when the donor comes back paid', async () => {
    const before = await totals();
    const made = await pledge({ amount: 5000 });
    const authorizationUrl = await checkoutFor(made);

    // What Paystack received: the amount in kobo as a string, our reference, the way back, who it is for.
    const [initialize, ...more] = paystack.requestsTo('/transaction/initialize');
    expect(more).toEqual([]);
    expect(initialize!.method).toBe('POST');
    expect(initialize!.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(initialize!.headers['content-type']).toContain('application/json');
    expect(initialize!.body).toEqual({
      email: made.email,
      amount: '500000',
      currency: 'NGN',
      reference: `${made.reference}-1`,
      callback_url: `${PUBLIC_URL}/pledge/${made.reference}`,
      metadata: {
        pledge: made.reference,
        campaignId: campaign._id,
        campaign: campaign.title,
        cancel_action: `${PUBLIC_URL}/pledge/${made.reference}`,
      },
    });
    const [attempt] = await attemptsOf(made.reference);
    expect(attempt).toMatchObject({ attempt: 1, reference: `${made.reference}-1`, amountKobo: 500000, coverKobo: 0 });
    expect(attempt!.authorizationUrl).toBe(authorizationUrl);

    // Until the donor pays, nothing is recorded.
    expect((await publicPledge(made.reference)).status).toBe('pending');
    const back = await pressOnCheckout(authorizationUrl, 'Pay');
    expect(back.href).toBe(
      `${PUBLIC_URL}/pledge/${made.reference}?trxref=${made.reference}-1&reference=${made.reference}-1`,
    );
    expect(await giftsOf(made.reference)).toEqual([]);

    // Back on the pledge page: it asks Paystack, and records the gift.
    const page = await pledgePage(made.reference);
    expect(page.payment.state).toBe('paid');
    expect(page.payment.available).toBe(false);
    expect(page.pledge).toMatchObject({ status: 'confirmed', paidOnline: true, receivedAmount: 5000 });
    expect(page.receipts).toEqual([expect.objectContaining({ amount: 5000 })]);
    const verified = paystack.requestsTo(`/transaction/verify/${made.reference}-1`);
    expect(verified.length).toBeGreaterThan(0);
    expect(verified[0]!.headers.authorization).toBe(`Bearer ${SECRET}`);

    const transaction = paystack.transactions.get(`${made.reference}-1`)!;
    const [gift, ...others] = await giftsOf(made.reference);
    expect(others).toEqual([]);
    expect(gift).toMatchObject({
      amount: 5000,
      campaignId: campaign._id,
      confirmedBy: 'Paystack',
      channel: 'card',
      provider: 'paystack',
      providerTransactionId: String(transaction.id),
      providerReference: `${made.reference}-1`,
      grossKobo: 500000,
      feeKobo: paystackFee(500000),
      netKobo: 500000 - paystackFee(500000),
      review: null,
      reversedAt: null,
    });
    expect(await publicPledge(made.reference)).toMatchObject({ status: 'confirmed', paidOnline: true });
    expect((await staffPledge(made.reference)).online).toEqual({
      channel: 'card',
      grossKobo: 500000,
      feeKobo: paystackFee(500000),
      netKobo: 500000 - paystackFee(500000),
      review: null,
    });
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 5000, supporters: before.supporters + 1 });
    expect(await receiptsTo(made.email!)).toHaveLength(1);
    expect((await attemptsOf(made.reference))[0]!.status).toBe('paid');

    // The page loaded again, or the return link followed twice, adds nothing.
    await pledgePage(made.reference);
    expect(await giftsOf(made.reference)).toHaveLength(1);
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 5000, supporters: before.supporters + 1 });
    await expectTotalsRuleHolds();

    // Paid: nothing more to pay.
    const again = await startPay(made.reference, { email: made.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(translate('pay.closed'));
  });

  it('answers HTML forms with redirects, and records the gift when the donor comes back to the page', async () => {
    // The same site with its pages rendered, as in production: forms are answered with redirects.
    const site = await createTestApp(kind, {
      database: t.database,
      env: siteEnv(),
      staticDir: builtClient(),
      renderer: await import('../../client/entry-server'),
    });
    const post = (url: string, payload: string) =>
      site.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      });
    const get = (url: string) => site.app.inject({ method: 'GET', url, headers: { host: HOST } });
    try {
      const before = await totals(site);
      const made = await pledge({ amount: 4000 });
      const sent = await post(`/api/pledges/${made.reference}/pay`, `email=${encodeURIComponent(made.email!)}`);
      expect(sent.statusCode, sent.body).toBe(303);
      const location = sent.headers.location as string;
      expect(location).toBe(`${paystack.url}/checkout/${paystack.transactions.get(`${made.reference}-1`)!.accessCode}`);

      // Paid, and back on the pledge page itself: the page asks Paystack and records the gift.
      const back = await pressOnCheckout(location, 'Pay');
      const page = await get(`${back.pathname}${back.search}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(made.reference);
      expect(await giftsOf(made.reference)).toHaveLength(1);
      expect(await publicPledge(made.reference)).toMatchObject({ status: 'confirmed', paidOnline: true });
      expect(await totals(site)).toEqual({
        amountRaised: before.amountRaised + 4000,
        supporters: before.supporters + 1,
      });

      // The give panel without its script: the pledge made and the payment started in one post.
      const email = uniqueEmail('noscript');
      const given = await post(
        '/api/pledges',
        new URLSearchParams({
          campaignId: campaign._id,
          amount: '3000',
          name: 'Musa Bello',
          email,
          way: 'online',
        }).toString(),
      );
      expect(given.statusCode, given.body).toBe(303);
      expect((given.headers.location as string).startsWith(`${paystack.url}/checkout/`)).toBe(true);
      const initialized = paystack.requestsTo('/transaction/initialize').at(-1)!.body as {
        email: string;
        amount: string;
      };
      expect(initialized).toMatchObject({ email, amount: '300000' });

      // Refused (Paystack down): back to the pledge page, which says so; the pledge stands.
      const other = await pledge();
      paystack.setDown(true);
      try {
        const refused = await post(`/api/pledges/${other.reference}/pay`, `email=${encodeURIComponent(other.email!)}`);
        expect(refused.statusCode).toBe(303);
        expect(refused.headers.location).toBe(`/pledge/${other.reference}?pay=failed`);
        const closed = await post(`/api/pledges/${made.reference}/pay`, `email=${encodeURIComponent(made.email!)}`);
        expect(closed.statusCode).toBe(303);
        expect(closed.headers.location).toBe(`/pledge/${made.reference}?pay=failed`);
      } finally {
        paystack.setDown(false);
      }
      expect((await get(`/pledge/${other.reference}?pay=failed`)).statusCode).toBe(200);
      expect((await publicPledge(other.reference)).status).toBe('pending');
      await expectTotalsRuleHolds();
    } finally {
      await site.close();
    }
  });

  it('records one gift when the webhook comes before the return', async () => {
    const before = await totals();
    const made = await pledge({ amount: 7000 });
    const authorizationUrl = await checkoutFor(made);
    paystack.setWebhookUrl(`${siteUrl}${WEBHOOK}`);
    try {
      await pressOnCheckout(authorizationUrl, 'Pay');
    } finally {
      paystack.setWebhookUrl(undefined);
    }
    // The checkout page posted charge.success before sending the donor back.
    const delivered = paystack.webhooks.filter((w) => w.event === 'charge.success').at(-1)!;
    expect(delivered.status, delivered.body).toBe(200);
    expect(await giftsOf(made.reference)).toHaveLength(1);
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 7000, supporters: before.supporters + 1 });

    const page = await pledgePage(made.reference);
    expect(page.payment.state).toBe('paid');
    expect(page.pledge).toMatchObject({ status: 'confirmed', paidOnline: true });
    expect(await giftsOf(made.reference)).toHaveLength(1);
    expect(await receiptsTo(made.email!)).toHaveLength(1);
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 7000, supporters: before.supporters + 1 });
    await expectTotalsRuleHolds();
  });

  it('records one gift when the webhook comes after the return', async () => {
    const before = await totals();
    const made = await pledge({ amount: 8000 });
    await checkoutFor(made);
    const paid = paystack.pay(`${made.reference}-1`, { channel: 'bank_transfer' });
    expect((await pledgePage(made.reference)).payment.state).toBe('paid');
    expect(await giftsOf(made.reference)).toHaveLength(1);

    const res = await webhook('charge.success', paid);
    expect(res.statusCode, res.body).toBe(200);
    const gifts = await giftsOf(made.reference);
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({ amount: 8000, channel: 'bank_transfer', review: null });
    expect(await publicPledge(made.reference)).toMatchObject({ status: 'confirmed', paidOnline: true });
    expect(await receiptsTo(made.email!)).toHaveLength(1);
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 8000, supporters: before.supporters + 1 });
    await expectTotalsRuleHolds();
  });

  it('records one gift when the same webhook arrives five times at once, with the donor coming back meanwhile', async () => {
    const before = await totals();
    const made = await pledge({ amount: 6000 });
    await checkoutFor(made);
    const paid = paystack.pay(`${made.reference}-1`);
    const confirmedBefore = await auditCount('gift.confirmed');

    const [answers] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => webhook('charge.success', paid))),
      pledgePage(made.reference),
      pledgePage(made.reference),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    expect(await giftsOf(made.reference)).toHaveLength(1);
    expect(await auditCount('gift.confirmed')).toBe(confirmedBefore + 1);
    expect(await receiptsTo(made.email!)).toHaveLength(1);
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 6000, supporters: before.supporters + 1 });
    expect(await publicPledge(made.reference)).toMatchObject({ status: 'confirmed', paidOnline: true });
    await expectTotalsRuleHolds();
  });

  it('refuses webhooks without the right signature, and changes nothing', async () => {
    const made = await pledge({ amount: 4000 });
    await checkoutFor(made);
    const paid = paystack.pay(`${made.reference}-1`);
    const signed = paystack.webhookBody('charge.success', paid);
    const before = await snapshot(made.reference);

    const altered = paystack.webhookBody('charge.success', { ...paid, amount: 400 });
    const cases: [string, { signature?: string | null; rawBody?: string }][] = [
      ['a wrong signature', { signature: 'ab'.repeat(64) }],
      ['a signature of another body', { signature: paystack.signature(altered) }],
      ['no signature', { signature: null }],
      ['an empty signature', { signature: '' }],
      ['a signature made with another key', { signature: paystack.signature(signed, OTHER_SECRET) }],
      ['a body changed after signing', { signature: paystack.signature(signed), rawBody: altered }],
      ['the same body re-spaced after signing', { rawBody: JSON.stringify(JSON.parse(signed), null, 2) }],
      ['a truncated signature', { signature: paystack.signature(signed).slice(0, 64) }],
    ];
    for (const [what, options] of cases) {
      const res = await webhook('charge.success', paid, options);
      expect(res.statusCode, what).toBe(401);
    }
    // Through the network too, as a stranger would post it.
    const stranger = await paystack.sendWebhook(`${siteUrl}${WEBHOOK}`, 'charge.success', paid, {
      secretKey: OTHER_SECRET,
    });
    expect(stranger.status).toBe(401);

    expect(await snapshot(made.reference)).toEqual(before);
    expect(await giftsOf(made.reference)).toEqual([]);

    // The genuine one is heard.
    const genuine = await paystack.sendWebhook(`${siteUrl}${WEBHOOK}`, 'charge.success', paid);
    expect(genuine.status, genuine.body).toBe(200);
    expect(await giftsOf(made.reference)).toHaveLength(1);
    await expectTotalsRuleHolds();
  });

  it('records a different amount as paid, flags it for finance, and confirms the pledge', async () => {
    const before = await totals();
    const made = await pledge({ amount: 5000 });
    await checkoutFor(made);
    paystack.pay(`${made.reference}-1`, { amountKobo: kobo(3000) });

    const page = await pledgePage(made.reference);
    expect(page.payment.state).toBe('paid');
    expect(page.pledge.status).toBe('confirmed');
    const [gift, ...others] = await giftsOf(made.reference);
    expect(others).toEqual([]);
    expect(gift).toMatchObject({
      amount: 3000,
      grossKobo: kobo(3000),
      feeKobo: paystackFee(kobo(3000)),
      netKobo: kobo(3000) - paystackFee(kobo(3000)),
    });
    expect(gift!.review).toContain('amount differs');
    const staff = await staffPledge(made.reference);
    expect(staff.status).toBe('confirmed');
    expect(staff.online?.review).toBe(gift!.review);
    expect(staff.online?.grossKobo).toBe(kobo(3000));
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 3000, supporters: before.supporters + 1 });
    await expectTotalsRuleHolds();
  });

  it('reverses the gift of a refunded payment once, audited, and its replay changes nothing', async () => {
    const before = await totals();
    const made = await pledge({ amount: 9000 });
    await checkoutFor(made);
    const paid = paystack.pay(`${made.reference}-1`);
    expect((await webhook('charge.success', paid)).statusCode).toBe(200);
    const [gift] = await giftsOf(made.reference);
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 9000, supporters: before.supporters + 1 });

    // Paystack's sample carries the amount as a string.
    const refunded = paystack.refund(`${made.reference}-1`);
    expect(refunded.amount).toBe('900000');
    const res = await webhook('refund.processed', refunded);
    expect(res.statusCode, res.body).toBe(200);

    const [after] = await giftsOf(made.reference);
    expect(after!.id).toBe(gift!.id);
    expect(after!.reversedAt).not.toBeNull();
    expect(await totals()).toEqual(before);
    const audited = await t.deps.db
      .selectFrom('audit_events')
      .select(['action', 'actor'])
      .where('target', '=', gift!.id)
      .execute();
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['gift.confirmed', 'gift.reversed']));
    expect(audited.some((a) => /refund/.test(a.action))).toBe(true);
    const pledgeNow = await publicPledge(made.reference);
    expect(pledgeNow.paidOnline).toBe(false);
    expect(pledgeNow.receivedAmount).toBeUndefined();
    expect(pledgeNow.status).not.toBe('confirmed');
    expect((await staffPledge(made.reference)).online).toBeNull();
    await expectTotalsRuleHolds();

    // Replayed (and with the amount as a number, as other refund events carry it), and the
    // charge.success replayed after it: nothing more.
    const settled = await snapshot(made.reference);
    for (const replay of [
      webhook('refund.processed', refunded),
      webhook('refund.processed', { ...refunded, amount: 900000 }),
      webhook('charge.success', paid),
    ]) {
      expect((await replay).statusCode).toBe(200);
    }
    expect(await snapshot(made.reference)).toEqual(settled);
    expect(await giftsOf(made.reference)).toHaveLength(1);
    await expectTotalsRuleHolds();
  });

  it('records nothing for a failed or abandoned payment, and a new try is a new attempt', async () => {
    const before = await totals();
    const made = await pledge({ amount: 3000 });
    await checkoutFor(made);
    // Still going on at Paystack: pending. Pages loaded at once ask Paystack once.
    paystack.pay(`${made.reference}-1`, { status: 'ongoing' });
    const pages = await Promise.all([1, 2, 3].map(() => pledgePage(made.reference)));
    for (const page of pages) expect(page.payment.state).toBe('pending');
    expect(paystack.requestsTo(`/transaction/verify/${made.reference}-1`)).toHaveLength(1);
    expect(await giftsOf(made.reference)).toEqual([]);

    paystack.pay(`${made.reference}-1`, { status: 'failed' });
    later();
    const failed = await pledgePage(made.reference);
    expect(failed.payment.state).toBe('failed');
    expect(failed.payment.available).toBe(true);
    expect(failed.pledge.status).toBe('pending');
    expect(await giftsOf(made.reference)).toEqual([]);
    expect((await attemptsOf(made.reference)).map((a) => a.status)).toEqual(['failed']);

    // Tried again: attempt 2, its own reference at Paystack; the donor cancels on Paystack's page.
    const second = await checkoutFor(made);
    expect(paystack.requestsTo('/transaction/initialize').at(-1)!.body).toMatchObject({
      reference: `${made.reference}-2`,
      amount: '300000',
    });
    const cancelled = await pressOnCheckout(second, 'Cancel');
    expect(cancelled.href).toBe(`${PUBLIC_URL}/pledge/${made.reference}`);
    // Paystack was asked about this pledge moments ago: the page waits its turn (10 s) to ask again.
    expect((await pledgePage(made.reference)).payment.state).toBe('pending');
    later();
    const abandoned = await pledgePage(made.reference);
    expect(abandoned.payment.state).toBe('failed');
    expect(abandoned.pledge.status).toBe('pending');
    expect(await giftsOf(made.reference)).toEqual([]);
    expect(await totals()).toEqual(before);
    expect((await publicPledge(made.reference)).status).toBe('pending');

    // A failed charge's event changes nothing either.
    const failedEvent = await webhook('charge.success', paystack.transactionData(`${made.reference}-1`));
    expect(failedEvent.statusCode).toBe(200);
    expect(await giftsOf(made.reference)).toEqual([]);

    // The third try is paid.
    const third = await checkoutFor(made);
    expect(paystack.requestsTo('/transaction/initialize').at(-1)!.body).toMatchObject({
      reference: `${made.reference}-3`,
    });
    await pressOnCheckout(third, 'Pay');
    later();
    expect((await pledgePage(made.reference)).payment.state).toBe('paid');
    const gifts = await giftsOf(made.reference);
    expect(gifts).toHaveLength(1);
    expect(gifts[0]!.providerReference).toBe(`${made.reference}-3`);
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 3000, supporters: before.supporters + 1 });
    await expectTotalsRuleHolds();
  });

  it('says Paystack is unavailable when it is down, and the pledge still stands for a transfer', async () => {
    const before = await totals();
    const made = await pledge({ amount: 2500 });
    for (const how of ['refuse', 'drop'] as const) {
      paystack.setDown(true, how);
      try {
        const res = await startPay(made.reference, { email: made.email });
        expect(res.statusCode, `${how}: ${res.body}`).toBe(503);
        expect(res.json().message).toBe(translate('pay.unavailable'));
      } finally {
        paystack.setDown(false);
      }
      const seen = await publicPledge(made.reference);
      expect(seen).toMatchObject({ status: 'pending', paidOnline: false });
      expect(new Date((seen as unknown as { expiresAt: string }).expiresAt).getTime()).toBeGreaterThan(Date.now());
    }
    expect(await giftsOf(made.reference)).toEqual([]);
    expect(await totals()).toEqual(before);

    // Back up: the donor pays.
    const authorizationUrl = await checkoutFor(made);
    await pressOnCheckout(authorizationUrl, 'Pay');
    expect((await pledgePage(made.reference)).payment.state).toBe('paid');
    expect(await giftsOf(made.reference)).toHaveLength(1);
    await expectTotalsRuleHolds();
  });

  it('shows the page as it stands while Paystack is down on the return', async () => {
    const before = await totals();
    const made = await pledge({ amount: 4500 });
    await checkoutFor(made);
    paystack.pay(`${made.reference}-1`);
    paystack.setDown(true, 'drop');
    try {
      const page = await pledgePage(made.reference);
      expect(page.pledge.status).toBe('pending');
      expect(page.payment.state).toBe('pending');
    } finally {
      paystack.setDown(false);
    }
    expect(await giftsOf(made.reference)).toEqual([]);
    // Paystack's webhook still records it.
    expect((await webhook('charge.success', paystack.transactionData(`${made.reference}-1`))).statusCode).toBe(200);
    expect(await giftsOf(made.reference)).toHaveLength(1);
    expect((await pledgePage(made.reference)).payment.state).toBe('paid');
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 4500, supporters: before.supporters + 1 });
    await expectTotalsRuleHolds();
  });

  it('refuses to start without a key, for closed pledges, and without an email', async () => {
    // The same site without Paystack configured.
    const plain = await createTestApp(kind, { database: t.database });
    try {
      const made = await pledge();
      const res = await plain.app.inject({
        method: 'POST',
        url: `/api/pledges/${made.reference}/pay`,
        payload: { email: made.email },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(translate('pay.notConfigured'));
      const page = await plain.publicCaller.pledge.page({ reference: made.reference });
      expect(page.payment).toMatchObject({ available: false, state: 'none' });
      expect((await pledgePage(made.reference)).payment).toMatchObject({ available: true, state: 'none' });
    } finally {
      await plain.close();
    }

    const initialized = paystack.requestsTo('/transaction/initialize').length;
    const cancelled = await pledge();
    expect(
      (await asAdmin({ method: 'PUT', url: `/api/pledges/${cancelled.reference}`, payload: { status: 'cancelled' } }))
        .statusCode,
    ).toBe(200);
    const received = await pledge();
    expect(
      (await asAdmin({ method: 'PUT', url: `/api/pledges/${received.reference}`, payload: { status: 'confirmed' } }))
        .statusCode,
    ).toBe(200);
    const expired = await pledge();
    await t.deps.db
      .updateTable('pledges')
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where('reference', '=', expired.reference)
      .execute();
    expect((await publicPledge(expired.reference)).status).toBe('expired');
    const before = await totals();
    for (const closed of [cancelled, received, expired]) {
      const res = await startPay(closed.reference, { email: closed.email });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(translate('pay.closed'));
    }

    const unknown = await startPay('ABCDEFGH', { email: uniqueEmail('nobody') });
    expect(unknown.statusCode).toBe(404);

    // No email given, and none on the pledge: Paystack needs one.
    const anonymous = await pledge({ email: '' });
    const noEmail = await startPay(anonymous.reference, {});
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toContain(translate('pay.emailRequired').slice(0, 30));
    expect(paystack.requestsTo('/transaction/initialize')).toHaveLength(initialized);
    for (const made of [cancelled, received, expired, anonymous]) {
      expect(paystack.transactions.has(`${made.reference}-1`)).toBe(false);
    }

    // The pledge's own email serves when none is given.
    const withEmail = await pledge();
    expect((await startPay(withEmail.reference, {})).statusCode).toBe(200);
    expect(paystack.requestsTo('/transaction/initialize').at(-1)!.body).toMatchObject({ email: withEmail.email });
    expect(await totals()).toEqual(before);
    expect(await giftsOf(withEmail.reference)).toEqual([]);
    for (const made of [cancelled, expired, anonymous, withEmail]) {
      expect((await giftsOf(made.reference)).filter((g) => g.provider !== null)).toEqual([]);
    }
    expect((await publicPledge(cancelled.reference)).status).toBe('cancelled');
    expect((await publicPledge(received.reference)).status).toBe('confirmed');
    // Received by transfer: finance sees no online payment on it.
    expect((await staffPledge(received.reference)).online).toBeNull();
    await expectTotalsRuleHolds();
  });

  it('asks for the pledge plus the fee when the donor covers it, and records the pledge with fee and net', async () => {
    const before = await totals();
    const made = await pledge({ amount: 5000 });
    const cover = feeCoverFor(5000, DEFAULT_FEE_RULE);
    expect(cover).toBeGreaterThan(0);
    // Through the tRPC twin, as the give panel's script does.
    const res = await inject({
      method: 'POST',
      url: '/trpc/pledge.pay',
      payload: JSON.stringify({ json: { reference: made.reference, email: made.email, coverFees: true } }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { authorizationUrl } = res.json().result.data.json as { authorizationUrl: string };
    const asked = kobo(5000 + cover);
    expect(paystack.requestsTo('/transaction/initialize').at(-1)!.body).toMatchObject({
      reference: `${made.reference}-1`,
      amount: String(asked),
    });
    expect((await attemptsOf(made.reference))[0]).toMatchObject({ amountKobo: asked, coverKobo: kobo(cover) });

    await pressOnCheckout(authorizationUrl, 'Pay');
    expect((await pledgePage(made.reference)).payment.state).toBe('paid');
    const [gift] = await giftsOf(made.reference);
    const fee = paystackFee(asked);
    expect(gift).toMatchObject({ amount: 5000, grossKobo: asked, feeKobo: fee, netKobo: asked - fee, review: null });
    expect(await publicPledge(made.reference)).toMatchObject({ status: 'confirmed', paidOnline: true });
    // What the donor added covers the fee: the foundation receives at least the pledge.
    expect(asked - fee).toBeGreaterThanOrEqual(kobo(5000));
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 5000, supporters: before.supporters + 1 });
    await expectTotalsRuleHolds();
  });

  it('flags a partial refund for finance and leaves the gift counting', async () => {
    const before = await totals();
    const made = await pledge({ amount: 10_000 });
    await checkoutFor(made);
    expect((await webhook('charge.success', paystack.pay(`${made.reference}-1`))).statusCode).toBe(200);
    const refunded = paystack.refund(`${made.reference}-1`, { amountKobo: kobo(4000) });
    expect((await webhook('refund.processed', refunded)).statusCode).toBe(200);
    const [gift, ...others] = await giftsOf(made.reference);
    expect(others).toEqual([]);
    expect(gift!.reversedAt).toBeNull();
    expect(gift!.review).toMatch(/refund/);
    expect((await staffPledge(made.reference)).online?.review).toBe(gift!.review);
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 10_000, supporters: before.supporters + 1 });
    const flagged = await snapshot(made.reference);
    expect((await webhook('refund.processed', refunded)).statusCode).toBe(200);
    expect(await snapshot(made.reference)).toEqual(flagged);
    await expectTotalsRuleHolds();
  });

  it('holds a payment whose refund came before it was recorded, so the late charge.success adds nothing', async () => {
    const before = await totals();
    const made = await pledge({ amount: 5100 });
    await checkoutFor(made);
    // Paystack's first delivery of charge.success failed; the refund's came through first.
    const paid = paystack.pay(`${made.reference}-1`);
    const refunded = paystack.refund(`${made.reference}-1`);
    expect((await webhook('refund.processed', refunded)).statusCode).toBe(200);
    expect((await webhook('charge.success', paid)).statusCode).toBe(200);
    expect(await giftsOf(made.reference)).toEqual([]);
    expect(await totals()).toEqual(before);
    const held = await t.deps.db
      .selectFrom('audit_events')
      .select('action')
      .where('target', '=', made.reference)
      .where('action', '=', 'pledge.paymentReview')
      .execute();
    expect(held).toHaveLength(1);
    expect((await publicPledge(made.reference)).paidOnline).toBe(false);
    await expectTotalsRuleHolds();
  });

  it('records a payment made after staff cancelled the pledge, flagged for finance', async () => {
    const before = await totals();
    const made = await pledge({ amount: 6500 });
    const authorizationUrl = await checkoutFor(made);
    const cancelled = await asAdmin({
      method: 'PUT',
      url: `/api/pledges/${made.reference}`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The donor was already on Paystack's page, and paid: the money came, so it is recorded.
    paystack.setWebhookUrl(`${siteUrl}${WEBHOOK}`);
    try {
      await pressOnCheckout(authorizationUrl, 'Pay');
    } finally {
      paystack.setWebhookUrl(undefined);
    }
    const [gift, ...others] = await giftsOf(made.reference);
    expect(others).toEqual([]);
    expect(gift).toMatchObject({ amount: 6500, reversedAt: null });
    expect(gift!.review).not.toBeNull();
    expect(await publicPledge(made.reference)).toMatchObject({ status: 'confirmed', paidOnline: true });
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 6500, supporters: before.supporters + 1 });
    await expectTotalsRuleHolds();
  });

  it('records a payment completed after the page had seen it abandoned', async () => {
    const before = await totals();
    const made = await pledge({ amount: 2000 });
    const authorizationUrl = await checkoutFor(made);
    // The donor looks at the pledge page in another tab before paying: Paystack says abandoned.
    expect((await pledgePage(made.reference)).payment.state).toBe('failed');
    await pressOnCheckout(authorizationUrl, 'Pay');
    later();
    const page = await pledgePage(made.reference);
    expect(page.payment.state).toBe('paid');
    expect(page.pledge).toMatchObject({ status: 'confirmed', paidOnline: true });
    const [gift, ...others] = await giftsOf(made.reference);
    expect(others).toEqual([]);
    // Under ₦2,500 Paystack waives its flat ₦100.
    expect(gift).toMatchObject({ amount: 2000, feeKobo: 3000, netKobo: kobo(2000) - 3000 });
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 2000, supporters: before.supporters + 1 });
    await expectTotalsRuleHolds();
  });

  it('records a payment the donor never came back from before starting another, and refuses a second charge', async () => {
    const before = await totals();
    const made = await pledge({ amount: 3200 });
    await checkoutFor(made);
    // Paid on Paystack, but the browser closed and the webhook has not come.
    paystack.pay(`${made.reference}-1`);
    const again = await startPay(made.reference, { email: made.email });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(translate('pay.closed'));
    expect(paystack.transactions.has(`${made.reference}-2`)).toBe(false);
    expect(await giftsOf(made.reference)).toHaveLength(1);
    expect(await publicPledge(made.reference)).toMatchObject({ status: 'confirmed', paidOnline: true });
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 3200, supporters: before.supporters + 1 });
    await expectTotalsRuleHolds();
  });

  it('records a payment that ends after the pledge expired', async () => {
    const before = await totals();
    const made = await pledge({ amount: 2700 });
    const authorizationUrl = await checkoutFor(made);
    await t.deps.db
      .updateTable('pledges')
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where('reference', '=', made.reference)
      .execute();
    expect((await publicPledge(made.reference)).status).toBe('expired');
    await pressOnCheckout(authorizationUrl, 'Pay');
    const page = await pledgePage(made.reference);
    expect(page.payment.state).toBe('paid');
    expect(page.pledge).toMatchObject({ status: 'confirmed', paidOnline: true });
    expect(await giftsOf(made.reference)).toHaveLength(1);
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 2700, supporters: before.supporters + 1 });
    await expectTotalsRuleHolds();
  });

  it('answers 200 to other events and to transactions that are not ours, and changes nothing', async () => {
    const made = await pledge({ amount: 3500 });
    await checkoutFor(made);
    const paid = paystack.pay(`${made.reference}-1`);
    const before = await snapshot(made.reference);

    // Another payment on the same Paystack account: the shop's, say.
    const shop = await fetch(`${paystack.url}/transaction/initialize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'buyer@example.org',
        amount: 250000,
        currency: 'NGN',
        reference: unique('shop-order-'),
        callback_url: 'https://shop.example.org/done',
        metadata: {},
      }),
    });
    const shopReference = (await shop.json()).data.reference as string;
    const shopPaid = paystack.pay(shopReference);

    const events: [string, unknown][] = [
      ['charge.success', shopPaid],
      ['charge.success', { ...paid, reference: `${made.reference}-9` }],
      ['refund.processed', paystack.refund(shopReference)],
      [
        'refund.pending',
        {
          status: 'pending',
          transaction_reference: `${made.reference}-1`,
          refund_reference: null,
          amount: '350000',
          currency: 'NGN',
          processor: 'instant-transfer',
          customer: { first_name: null, last_name: null, email: made.email },
          integration: 412829,
          domain: 'test',
        },
      ],
      ['charge.dispute.create', { id: 358950, refund_amount: 5800, currency: 'NGN', transaction: paid }],
      ['transfer.success', { amount: 30000, currency: 'NGN', reference: 'payout-1', status: 'success' }],
      ['subscription.create', { status: 'active', subscription_code: 'SUB_vsyqdmlzble3uii', amount: 50000 }],
    ];
    for (const [event, data] of events) {
      const res = await webhook(event, data);
      expect(res.statusCode, `${event}: ${res.body}`).toBe(200);
    }
    expect(await snapshot(made.reference)).toEqual(before);
    expect(await giftsOf(made.reference)).toEqual([]);
    await expectTotalsRuleHolds();
  });

  it("keeps a stranger's email off a pledge that has none: it belongs to the attempt, and Paystack gets it", async () => {
    const made = await pledge({ amount: 4200, email: '' });
    const stranger = uniqueEmail('stranger');
    // Anyone with the reference may start paying it, by REST or through the tRPC twin.
    await checkoutFor(made, { email: stranger });
    expect(paystack.requestsTo('/transaction/initialize').at(-1)!.body).toMatchObject({ email: stranger });
    later();
    const viaTrpc = await inject({
      method: 'POST',
      url: '/trpc/pledge.pay',
      payload: JSON.stringify({ json: { reference: made.reference, email: stranger } }),
      headers: { 'content-type': 'application/json' },
    });
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    expect((await attemptsOf(made.reference)).map((a) => a.email)).toEqual([stranger, stranger]);

    // The pledge still has no email: finance sees no donor address, the page still asks for one.
    const stored = await t.deps.db
      .selectFrom('pledges')
      .select('email')
      .where('reference', '=', made.reference)
      .executeTakeFirstOrThrow();
    expect(stored.email).toBeNull();
    expect((await staffPledge(made.reference)) as unknown as { email: string | null }).toMatchObject({ email: null });
    expect((await pledgePage(made.reference)).payment.hasEmail).toBe(false);

    // Looking pledges up by the stranger's address finds nothing to mail: the job every lookup
    // queues (decision 034) is written to nothing when the worker takes it.
    const lookup = await inject({ method: 'POST', url: '/api/pledges/lookup', payload: { email: stranger } });
    expect(lookup.statusCode).toBe(202);
    const due = await claimDue(t.deps.db, t.deps.now(), 1000);
    const lookups = due.filter((row) => row.kind === 'pledge.lookup' && row.toAddress === stranger);
    expect(lookups).toHaveLength(1);
    expect(await sendableRows(t.deps)(lookups[0]!)).toBeFalsy();

    // The donor transfers; finance confirms it: no receipt goes to the stranger.
    const confirmed = await asAdmin({
      method: 'PUT',
      url: `/api/pledges/${made.reference}`,
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await receiptsTo(stranger)).toEqual([]);
    await expectTotalsRuleHolds();
  });

  it('sends the receipt of an online payment to the address that paid it when the pledge has none', async () => {
    const made = await pledge({ amount: 3300, email: '' });
    const payer = uniqueEmail('payer');
    await pressOnCheckout(await checkoutFor(made, { email: payer }), 'Pay');
    expect((await pledgePage(made.reference)).payment.state).toBe('paid');
    expect(await giftsOf(made.reference)).toHaveLength(1);
    expect(await receiptsTo(payer)).toHaveLength(1);
    const stored = await t.deps.db
      .selectFrom('pledges')
      .select('email')
      .where('reference', '=', made.reference)
      .executeTakeFirstOrThrow();
    expect(stored.email).toBeNull();
    await expectTotalsRuleHolds();
  });

  /** Every verify call Paystack received about this pledge's attempts. */
  const verifiesOf = (reference: string) => paystack.requestsTo(`/transaction/verify/${reference}-`).length;
  /** A pledge with as many started attempts as a donor may make, none paid. */
  const pledgeWithOpenAttempts = async (attempts = 10) => {
    const made = await pledge({ amount: 2500 });
    for (let n = 0; n < attempts; n++) {
      await checkoutFor(made);
      later();
    }
    expect(await attemptsOf(made.reference)).toHaveLength(attempts);
    return made;
  };

  it('asks Paystack about a pledge at most once every 10 seconds, however many pages load, on any instance', async () => {
    const made = await pledgeWithOpenAttempts();
    const others = [await pledgeWithOpenAttempts(3), await pledgeWithOpenAttempts(3)];
    const before = verifiesOf(made.reference);

    // 48 page loads, at once and one after another: one question to Paystack.
    await Promise.all(Array.from({ length: 24 }, () => pledgePage(made.reference)));
    for (let n = 0; n < 24; n++) await pledgePage(made.reference);
    expect(verifiesOf(made.reference) - before).toBe(1);

    // One batched pledge.page call: one question per pledge in it, and none for a pledge just asked about.
    const othersBefore = others.map((o) => verifiesOf(o.reference));
    const batch = [made, ...others, made, made, ...others, made, made];
    const input = encodeURIComponent(
      JSON.stringify(Object.fromEntries(batch.map((m, i) => [i, { json: { reference: m.reference } }]))),
    );
    const batched = await inject({
      method: 'GET',
      url: `/trpc/${batch.map(() => 'pledge.page').join(',')}?batch=1&input=${input}`,
    });
    expect(batched.statusCode, batched.body).toBe(200);
    expect(verifiesOf(made.reference) - before).toBe(1);
    expect(others.map((o, i) => verifiesOf(o.reference) - othersBefore[i]!)).toEqual([1, 1]);

    // Another instance on the same database shares the pledge's last check.
    const second = await createTestApp(kind, {
      database: t.database,
      env: siteEnv(),
      now: () => new Date(Date.now() + ahead),
    });
    try {
      const secondPage = async () => {
        const res = await second.app.inject({
          method: 'GET',
          url: `/trpc/pledge.page?input=${encodeURIComponent(JSON.stringify({ json: { reference: made.reference } }))}`,
          headers: { host: HOST },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      await Promise.all([secondPage(), secondPage(), pledgePage(made.reference)]);
      expect(verifiesOf(made.reference) - before).toBe(1);

      // Ten seconds on, the next load asks again, once, whichever instance serves it.
      ahead += 10_001;
      await Promise.all([secondPage(), secondPage(), pledgePage(made.reference), pledgePage(made.reference)]);
      expect(verifiesOf(made.reference) - before).toBe(2);
    } finally {
      await second.close();
    }

    // Starting a payment is no way around it.
    const started = await startPay(made.reference, { email: made.email });
    expect(started.statusCode).toBe(409); // ten tries already: the limit
    expect(verifiesOf(made.reference) - before).toBe(2);
  });

  it('stops asking Paystack about attempts abandoned for an hour, and the webhook still records them', async () => {
    const made = await pledgeWithOpenAttempts(2);
    later();
    await pledgePage(made.reference);
    later();
    await pledgePage(made.reference);
    expect((await attemptsOf(made.reference)).map((a) => a.status)).toEqual(['abandoned', 'abandoned']);
    // An hour after the checkout began.
    await t.deps.db
      .updateTable('payment_attempts')
      .set({ createdAt: new Date(Date.now() + ahead - 61 * 60_000) })
      .where('reference', 'like', `${made.reference}-%`)
      .execute();
    const before = verifiesOf(made.reference);
    for (let n = 0; n < 3; n++) {
      later();
      expect((await pledgePage(made.reference)).payment.state).toBe('failed');
    }
    expect(verifiesOf(made.reference)).toBe(before);

    // Paid after all: Paystack's webhook records it.
    expect((await webhook('charge.success', paystack.pay(`${made.reference}-2`))).statusCode).toBe(200);
    expect(await giftsOf(made.reference)).toHaveLength(1);
    expect((await pledgePage(made.reference)).payment.state).toBe('paid');
    await expectTotalsRuleHolds();
  });

  it('records a second paid attempt on a paid pledge flagged for finance as an overpayment, audited', async () => {
    const before = await totals();
    const made = await pledge({ amount: 5500 });
    // Two tabs: two checkouts started before either was paid, and both paid.
    const first = await checkoutFor(made);
    later();
    const second = await checkoutFor(made);
    await pressOnCheckout(first, 'Pay');
    await pressOnCheckout(second, 'Pay');
    for (const n of [1, 2])
      expect((await webhook('charge.success', paystack.transactionData(`${made.reference}-${n}`))).statusCode).toBe(
        200,
      );

    const [one, two, ...more] = await giftsOf(made.reference);
    expect(more).toEqual([]);
    expect(one).toMatchObject({ amount: 5500, review: null, providerReference: `${made.reference}-1` });
    // The money came, so it is recorded; finance is told it is a second payment.
    expect(two).toMatchObject({ amount: 5500, providerReference: `${made.reference}-2`, reversedAt: null });
    expect(two!.review).toMatch(/overpaid/);
    expect(two!.review).toContain('₦5,500');
    const staff = await staffPledge(made.reference);
    expect(staff.receivedAmount).toBe(11_000);
    expect(staff.online?.review).toBe(two!.review);
    const audited = await t.deps.db
      .selectFrom('audit_events')
      .select(['action', 'actor', 'summary'])
      .where('target', '=', made.reference)
      .where('action', '=', 'pledge.paymentReview')
      .execute();
    expect(audited).toEqual([
      expect.objectContaining({ actor: 'Paystack', summary: expect.stringContaining(`${made.reference}-2`) }),
    ]);
    // One supporter, both sums counted: the rule holds.
    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 11_000, supporters: before.supporters + 1 });
    // Replays flag nothing more.
    expect((await webhook('charge.success', paystack.transactionData(`${made.reference}-2`))).statusCode).toBe(200);
    expect(await giftsOf(made.reference)).toHaveLength(2);
    await expectTotalsRuleHolds();

    // The gifts CSV carries the flag for finance too.
    const csv = await asAdmin({ method: 'GET', url: '/api/gifts.csv' });
    expect(csv.body).toContain(two!.review!);
  });

  it('holds one gift per Paystack transaction after everything above, and the totals rule', async () => {
    const ids = (
      await t.deps.db.selectFrom('gifts').select('providerTransactionId').where('provider', '=', 'paystack').execute()
    ).map((g) => g.providerTransactionId);
    expect(new Set(ids).size).toBe(ids.length);
    await expectTotalsRuleHolds();
  });
});

/** The stand-in itself refuses what Paystack refuses, so the tests above cannot pass on a request Paystack would turn down. */
describe('the Paystack stand-in', () => {
  let paystack: PaystackDouble;
  beforeAll(async () => {
    paystack = await startPaystackDouble({ secretKey: SECRET });
  });
  afterAll(() => paystack?.close());

  /** Paystack's envelope; `data` as the tests read it. */
  interface Answer {
    status: boolean;
    message: string;
    data?: Record<string, unknown> & { id?: number; paid_at?: string };
  }
  const body = (overrides: object = {}) => ({
    email: 'donor@example.org',
    amount: '500000',
    currency: 'NGN',
    reference: unique('ref-'),
    callback_url: `${PUBLIC_URL}/pledge/ABCD2345`,
    metadata: { pledge: 'ABCD2345' },
    ...overrides,
  });
  const initialize = async (payload: unknown, key = SECRET) => {
    const res = await fetch(`${paystack.url}/transaction/initialize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return { status: res.status, json: (await res.json()) as Answer };
  };
  const verify = async (reference: string, key = SECRET) => {
    const res = await fetch(`${paystack.url}/transaction/verify/${encodeURIComponent(reference)}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    return { status: res.status, json: (await res.json()) as Answer };
  };

  it('initializes and verifies with the shapes of the API reference', async () => {
    const sent = body({ amount: 250000 });
    const made = await initialize(sent);
    expect(made.status).toBe(200);
    expect(made.json).toEqual({
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: expect.stringMatching(new RegExp(`^${paystack.url}/checkout/[a-z0-9]+$`)),
        access_code: expect.any(String),
        reference: sent.reference,
      },
    });
    const open = await verify(sent.reference);
    expect(open.status).toBe(200);
    expect(open.json).toMatchObject({
      status: true,
      message: 'Verification successful',
      data: { status: 'abandoned', reference: sent.reference, amount: 250000, currency: 'NGN', fees: null },
    });
    paystack.pay(sent.reference, { channel: 'ussd' });
    const paid = await verify(sent.reference);
    expect(paid.json.data).toMatchObject({
      domain: 'test',
      status: 'success',
      amount: 250000,
      requested_amount: 250000,
      channel: 'ussd',
      fees: paystackFee(250000),
      gateway_response: 'Successful',
      customer: { email: 'donor@example.org' },
      metadata: { pledge: 'ABCD2345' },
    });
    expect(typeof paid.json.data!.id).toBe('number');
    expect(new Date(paid.json.data!.paid_at!).getTime()).not.toBeNaN();
    // Ids grow.
    const next = body();
    await initialize(next);
    expect(paystack.transactions.get(next.reference)!.id).toBeGreaterThan(paid.json.data!.id!);
  });

  it('refuses a wrong key, a bad body, a reused reference and an unknown one', async () => {
    expect(await initialize(body(), OTHER_SECRET)).toEqual({
      status: 401,
      json: { status: false, message: 'Invalid key' },
    });
    const noHeader = await fetch(`${paystack.url}/transaction/verify/x`);
    expect(noHeader.status).toBe(401);
    for (const bad of [
      { email: 'not an email' },
      { amount: '5000.50' },
      { amount: 0 },
      { amount: 'five' },
      { currency: 'USD' },
      { reference: 'has space' },
      { callback_url: '/pledge/ABCD2345' },
      { metadata: 'pledge' },
    ]) {
      const res = await initialize(body(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.status).toBe(false);
    }
    const sent = body();
    expect((await initialize(sent)).status).toBe(200);
    expect(await initialize({ ...sent })).toEqual({
      status: 400,
      json: { status: false, message: 'Duplicate Transaction Reference' },
    });
    expect(await verify('nobody-1')).toEqual({
      status: 400,
      json: { status: false, message: 'Transaction reference not found' },
    });
  });

  it('signs webhooks as Paystack does, and goes down and comes back', async () => {
    const raw = paystack.webhookBody('charge.success', { reference: 'x' });
    expect(JSON.parse(raw)).toEqual({ event: 'charge.success', data: { reference: 'x' } });
    expect(paystack.signature(raw)).toMatch(/^[0-9a-f]{128}$/);
    expect(paystack.signature(raw)).not.toBe(paystack.signature(raw, OTHER_SECRET));

    paystack.setDown(true);
    expect((await initialize(body())).status).toBe(503);
    paystack.setDown(true, 'drop');
    await expect(initialize(body())).rejects.toThrow();
    paystack.setDown(false);
    expect((await initialize(body())).status).toBe(200);
  });
});

/**
 * Paystack's settlements in bank statements, on both databases: online gifts paid through the
 * public path (the pledge's pay route, then Paystack's signed webhook, against the stand-in of
 * tests/helpers/paystack.ts), then a statement holding Paystack's payout of two of them, a
 * transfer naming a pledge and an unrelated credit. The payout is a settlement linked to both
 * gifts, neither matched nor unmatched, and moves no total; a re-import adds nothing; a payout no
 * run of gifts adds up to stays a settlement without gifts; staff take one back and mark one by
 * hand; the gifts CSV and the dashboard show what Paystack kept.
 */
import { parse } from 'csv-parse/sync';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/service';
import { checkTotals } from '../../server/giving/totals';
import { lagosToday } from '../../shared/lagos-time';
import { multipartBody } from '../fixtures/multipart';
import { createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, unique, uniqueEmail } from '../helpers/fixtures';
import { type PaystackDouble, startPaystackDouble } from '../helpers/paystack';
import { xlsxWithRows } from '../helpers/statement-files';

const SECRET = 'sk_test_4d7e1a9c3b6f2e8d0a5c';
const PUBLIC_URL = 'https://foundation.example.org';
const HOST = 'foundation.example.org';
const WEBHOOK = '/api/payments/paystack/webhook';

/** A statement as the bank's Excel export: a header, then one credit per row (date, narration, naira). */
function statementXlsx(credits: { date: string; narration: string; naira: string }[]) {
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  const rows = [
    `<row r="1">${cell('A1', 'Trans Date')}${cell('B1', 'Narration')}${cell('C1', 'Credit')}</row>`,
    ...credits.map((c, i) => {
      const r = i + 2;
      return `<row r="${r}">${cell(`A${r}`, ddmmyyyy(c.date))}${cell(`B${r}`, c.narration)}<c r="C${r}"><v>${c.naira}</v></c></row>`;
    }),
  ];
  return xlsxWithRows(rows.join(''));
}

/** Kobo as the bank writes naira: 1234567 → "12345.67". */
const asNaira = (kobo: number) => `${Math.trunc(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;

interface Line {
  id: string;
  narration: string;
  status: string;
  kind: string | null;
  pledge: { reference: string } | null;
  gift: unknown;
  settledGifts: number;
  amountKobo: number;
}

describe.each(testDatabases())('Paystack settlements on %s', (kind) => {
  let t: TestApp;
  let paystack: PaystackDouble;
  let financeToken: string;
  let campaignId: string;
  const day = lagosToday();

  beforeAll(async () => {
    paystack = await startPaystackDouble({ secretKey: SECRET });
    t = await createTestApp(kind, {
      env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_API_URL: paystack.url, PUBLIC_URL, ALLOWED_HOSTS: HOST },
    });
    financeToken = await issueToken(t.deps, await insertStaff(t.deps.db, 'finance'));
    const created = await inject({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: unique('Boreholes '), amountRaised: 10_000, supporters: 2 }),
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    campaignId = created.json().campaign._id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await paystack?.close();
  });

  /** Requests name the site's own host: PUBLIC_URL's. */
  const inject = (options: InjectOptions) => t.app.inject({ ...options, headers: { host: HOST, ...options.headers } });
  const asFinance = (options: InjectOptions) =>
    inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${financeToken}` } });

  const pledge = async (amount: number) => {
    const res = await inject({
      method: 'POST',
      url: '/api/pledges',
      payload: { campaignId, amount, name: 'Zainab Yusuf', email: uniqueEmail('donor') },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.reference as string;
  };

  /** A pledge paid online as a donor does: the pay route, Paystack's checkout, its signed webhook. */
  const paidOnline = async (amount: number, outcome: { channel?: string; amountKobo?: number } = {}) => {
    const reference = await pledge(amount);
    const started = await inject({ method: 'POST', url: `/api/pledges/${reference}/pay`, payload: {} });
    expect(started.statusCode, started.body).toBe(200);
    const body = paystack.webhookBody('charge.success', paystack.pay(`${reference}-1`, outcome));
    const delivered = await inject({
      method: 'POST',
      url: WEBHOOK,
      payload: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': paystack.signature(body) },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    return t.deps.db
      .selectFrom('gifts')
      .innerJoin('pledges', 'pledges.id', 'gifts.pledgeId')
      .selectAll('gifts')
      .where('pledges.reference', '=', reference)
      .executeTakeFirstOrThrow();
  };

  const importStatement = async (file: Buffer) => {
    const { payload, headers } = await multipartBody([
      {
        field: 'file',
        data: file,
        filename: 'statement.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    ]);
    const res = await asFinance({ method: 'POST', url: '/api/statements', payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const linesOf = async (statementId: string): Promise<Line[]> => {
    const res = await asFinance({ method: 'GET', url: `/api/statements/${statementId}/lines` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().lines;
  };
  const decide = (lineId: string, decision: object) =>
    asFinance({ method: 'PUT', url: `/api/statement-lines/${lineId}`, payload: decision });
  const settledBy = async (lineId: string) =>
    (
      await t.deps.db.selectFrom('gifts').select('id').where('settlementLineId', '=', lineId).orderBy('id').execute()
    ).map((g) => g.id);
  const totals = async () => {
    const res = await inject({ method: 'GET', url: `/campaigns/${campaignId}` });
    const { amountRaised, supporters } = res.json() as { amountRaised: number; supporters: number };
    return { amountRaised, supporters };
  };
  const expectTotalsRuleHolds = async () => expect(await checkTotals(t.deps.db)).toEqual([]);

  let card: Awaited<ReturnType<typeof paidOnline>>;
  let transfer: Awaited<ReturnType<typeof paidOnline>>;
  let settlementId: string;
  let firstStatementId: string;
  let owed: string;
  let payoutFile: Buffer;

  it('recognises Paystack’s payout of two online gifts as a settlement that records nothing and moves no total', async () => {
    card = await paidOnline(5000);
    transfer = await paidOnline(7000, { channel: 'bank_transfer' });
    expect(card).toMatchObject({ provider: 'paystack', channel: 'card', settlementLineId: null });
    expect(Number(card.netKobo)).toBe(Number(card.grossKobo) - Number(card.feeKobo));
    owed = await pledge(3000);
    const before = await totals();
    const summaryBefore = await t.adminCaller.gifts.summary();
    const payout = Number(card.netKobo) + Number(transfer.netKobo);

    payoutFile = await statementXlsx([
      { date: day, narration: 'NIP/PAYSTACK PAYMENTS LIMITED/Settlement 1234', naira: asNaira(payout) },
      { date: day, narration: `TRF FROM HALIMA MUSA ${owed}`, naira: '3000' },
      { date: day, narration: 'TRANSFER FROM KANO TRADERS ASSOCIATION', naira: '1250' },
    ]);
    const summary = await importStatement(payoutFile);
    firstStatementId = summary.statementId;
    expect(summary).toMatchObject({
      credits: 3,
      duplicates: 0,
      matches: { sure: 1, likely: 0 },
      settlements: 1,
      unmatched: 1,
    });

    const lines = await linesOf(summary.statementId);
    const settlement = lines.find((l) => l.narration.includes('PAYSTACK'))!;
    settlementId = settlement.id;
    expect(settlement).toMatchObject({
      status: 'settlement',
      kind: null,
      pledge: null,
      gift: null,
      settledGifts: 2,
      amountKobo: payout,
    });
    expect(lines.find((l) => l.narration.includes('HALIMA'))).toMatchObject({
      status: 'open',
      kind: 'sure',
      pledge: { reference: owed },
      settledGifts: 0,
    });
    expect(lines.find((l) => l.narration.includes('KANO'))).toMatchObject({ status: 'open', kind: null, pledge: null });
    expect(await settledBy(settlementId)).toEqual([card.id, transfer.id].sort());

    // Not a donation: no gift from it, the totals as they were, the rule intact.
    expect(
      await t.deps.db.selectFrom('gifts').select('id').where('statementLineId', '=', settlementId).execute(),
    ).toEqual([]);
    expect(await totals()).toEqual(before);
    await expectTotalsRuleHolds();

    // Not waiting for a decision: only the two open credits count.
    const summaryAfter = await t.adminCaller.gifts.summary();
    expect(summaryAfter.waiting.credits).toBe(summaryBefore.waiting.credits + 2);
    expect(summaryAfter.waiting.amount).toBe(summaryBefore.waiting.amount + 3000 + 1250);
    const { lines: reconcile } = await t.adminCaller.statement.openLines();
    expect(reconcile.filter((l) => l.status === 'open').map((l) => l.id)).not.toContain(settlementId);
    expect(reconcile.find((l) => l.id === settlementId)).toMatchObject({ status: 'settlement', settledGifts: 2 });

    const audit = await t.deps.db
      .selectFrom('audit_events')
      .select('summary')
      .where('action', '=', 'statement.imported')
      .where('target', '=', summary.statementId)
      .executeTakeFirstOrThrow();
    expect(audit.summary).toContain('1 Paystack settlements');

    // The same file again: every line seen before, nothing linked or moved.
    const again = await importStatement(payoutFile);
    expect(again).toMatchObject({ credits: 3, duplicates: 3, settlements: 0, unmatched: 0 });
    expect(await settledBy(settlementId)).toEqual([card.id, transfer.id].sort());
    expect(await totals()).toEqual(before);
    await expectTotalsRuleHolds();
  });

  it('keeps a payout that no run of gifts adds up to as a settlement, with no gift linked', async () => {
    const held = await paidOnline(4000, { channel: 'ussd' });
    // A business paying through Paystack's transfers, quoting the pledge: that pledge's money.
    const quoted = await pledge(2000);
    const before = await totals();
    const summary = await importStatement(
      await statementXlsx([
        { date: day, narration: 'PAYSTACK SETTLEMENT', naira: asNaira(Number(held.netKobo) + 1) },
        { date: day, narration: `NIP/PAYSTACK/ALIYU STORES/${quoted}`, naira: '2000' },
      ]),
    );
    expect(summary).toMatchObject({ credits: 2, settlements: 1, unmatched: 0, matches: { sure: 1, likely: 0 } });
    const [line, paying] = await linesOf(summary.statementId);
    expect(line).toMatchObject({ status: 'settlement', settledGifts: 0 });
    expect(paying).toMatchObject({ status: 'open', kind: 'sure', pledge: { reference: quoted } });
    expect(await settledBy(line!.id)).toEqual([]);
    const stillOpen = await t.deps.db
      .selectFrom('gifts')
      .select('settlementLineId')
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow();
    expect(stillOpen.settlementLineId).toBeNull();
    expect(await totals()).toEqual(before);
    await expectTotalsRuleHolds();
  });

  it("takes a settlement back with 'open' and marks a credit as one with 'settlement'", async () => {
    const before = await totals();
    const reopened = await decide(settlementId, { action: 'open' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({ status: 'open', settledGifts: 0 });
    expect(await settledBy(settlementId)).toEqual([]);
    const { lines: reconcile } = await t.adminCaller.statement.openLines();
    expect(reconcile.find((l) => l.id === settlementId)).toMatchObject({ status: 'open', pledge: null });

    const marked = await decide(settlementId, { action: 'settlement' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({ status: 'settlement', settledGifts: 2 });
    expect(await settledBy(settlementId)).toEqual([card.id, transfer.id].sort());
    // Decided already: marking it again is refused, and changes nothing.
    expect((await decide(settlementId, { action: 'settlement' })).statusCode).toBe(409);
    expect(await settledBy(settlementId)).toEqual([card.id, transfer.id].sort());

    // A credit the bank named otherwise, marked by hand: the gift it paid out is linked.
    const later = await paidOnline(2500);
    const summary = await importStatement(
      await statementXlsx([{ date: day, narration: 'NIP TRANSFER SETL 88412', naira: asNaira(Number(later.netKobo)) }]),
    );
    expect(summary).toMatchObject({ settlements: 0, unmatched: 1 });
    const [line] = await linesOf(summary.statementId);
    const byHand = await decide(line!.id, { action: 'settlement' });
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect(byHand.json().data).toMatchObject({ status: 'settlement', settledGifts: 1 });
    expect(await settledBy(line!.id)).toEqual([later.id]);

    expect(await totals()).toEqual({ amountRaised: before.amountRaised + 2500, supporters: before.supporters + 1 });
    await expectTotalsRuleHolds();
  });

  it('exports the channel, the fee, the net and why to look, after the existing columns', async () => {
    const differs = await paidOnline(6000, { amountKobo: 550_000 });
    // A transfer's gift beside them: the online columns stay empty.
    const sure = (await linesOf(firstStatementId)).find((l) => l.kind === 'sure')!;
    const confirmed = await asFinance({
      method: 'POST',
      url: `/api/statements/${firstStatementId}/confirm`,
      payload: { lineIds: [sure.id] },
    });
    expect(confirmed.json()).toMatchObject({ confirmed: 1 });
    expect(differs.review).toMatch(/amount differs/);
    const res = await asFinance({ method: 'GET', url: '/api/gifts.csv' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual([
      'Receipt number',
      'Received on',
      'Amount (NGN)',
      'Campaign',
      'Name',
      'Anonymous',
      'Amount hidden',
      'Payment reference',
      'Statement narration',
      'Confirmed by',
      'Confirmed at',
      'Reversed at',
      'Reversed by',
      'Channel',
      'Fee (NGN)',
      'Net (NGN)',
      'Review',
    ]);
    const byReceipt = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(byReceipt.get(transfer.receiptNumber)!.slice(13)).toEqual([
      'bank_transfer',
      asNaira(Number(transfer.feeKobo)),
      asNaira(Number(transfer.netKobo)),
      '',
    ]);
    expect(byReceipt.get(differs.receiptNumber)![16]).toBe(differs.review);
    const byBank = rows.slice(1).find((row) => row[7] === owed)!;
    expect(byBank.slice(13)).toEqual(['', '', '', '']);
    await expectTotalsRuleHolds();
  });

  it("shows this month's online fees on the dashboard", async () => {
    const online = await t.deps.db
      .selectFrom('gifts')
      .select(['feeKobo'])
      .where('provider', 'is not', null)
      .where('reversedAt', 'is', null)
      .execute();
    const feesKobo = online.reduce((sum, g) => sum + Number(g.feeKobo), 0);
    expect(feesKobo).toBeGreaterThan(0);
    const summary = await t.adminCaller.gifts.summary();
    expect(summary.month.fees).toBe(feesKobo / 100);
  });
});

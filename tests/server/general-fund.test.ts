/**
 * Credits for the general fund, on both databases: an unmatched credit recorded as a gift to the
 * foundation's own account (the donate page's) through REST and tRPC has no campaign, moves no
 * campaign's total, keeps the totals rule, shows as "General fund" in gifts.csv and apart in the
 * dashboard's giving, never on a supporter wall; a second decision is refused, and 'open' takes it
 * back. Also: a credit staff assign to a pledge they name by its reference.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/service';
import { checkTotals } from '../../server/giving/totals';
import { createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, trpcError, unique } from '../helpers/fixtures';

const today = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

interface LineView {
  id: string;
  amount: number;
  status: string;
  kind: string | null;
  narration: string;
  gift: { receiptNumber: string; campaignTitle: string } | null;
}

describe.each(testDatabases())('the general fund on %s', (kind) => {
  let t: TestApp;
  let financeToken: string;
  let campaignIds: string[];
  let lines: LineView[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const finance = await insertStaff(t.deps.db, 'finance');
    financeToken = await issueToken(t.deps, finance);
    campaignIds = [];
    for (const amountRaised of [250_000, 0]) {
      const created = await t.asAdmin({
        method: 'POST',
        url: '/campaigns',
        payload: campaignPayload({ title: unique('Clinic '), amountRaised, supporters: amountRaised ? 4 : 0 }),
      });
      campaignIds.push(created.json().campaign._id);
    }
    const day = ddmmyyyy(today());
    const csv = [
      'Trans Date,Value Date,Narration,Debit,Credit,Balance',
      `${day},${day},NIP TRF FROM HALIMA YUSUF DONATION,,"12,500.00",`,
      `${day},${day},POS DEPOSIT CASH,,"3,000.00",`,
      `${day},${day},TRANSFER FROM IBRAHIM GARBA,,"4,000.00",`,
      `${day},${day},MOBILE TRF ZAINAB,,"6,000.00",`,
    ].join('\r\n');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'statement.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/statements',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${financeToken}` },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ unmatched: 4, matches: { sure: 0, likely: 0 } });
    lines = (await asFinance({ method: 'GET', url: `/api/statements/${imported.json().statementId}/lines` })).json()
      .lines;
  }, 60_000);
  afterAll(() => t.close());

  const asFinance = (options: {
    method: 'GET' | 'PUT';
    url: string;
    payload?: object;
    headers?: Record<string, string>;
  }) => t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${financeToken}` } });
  const lineOf = (amount: number) => lines.find((l) => l.amount === amount)!;
  const decide = (lineId: string, payload: object, headers?: Record<string, string>) =>
    asFinance({ method: 'PUT', url: `/api/statement-lines/${lineId}`, payload, headers });
  /** Every campaign's public totals, as the site shows them. */
  const publicTotals = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/campaigns', headers: { accept: 'application/json' } });
    const list = res.json() as { _id: string; amountRaised: number; supporters: number }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    return Object.fromEntries(list.map((c) => [c._id, { amountRaised: c.amountRaised, supporters: c.supporters }]));
  };
  const giftOfLine = (lineId: string) =>
    t.deps.db
      .selectFrom('gifts')
      .select(['campaignId', 'campaignTitle', 'generalFund', 'name', 'anonymous', 'amount', 'reversedAt'])
      .where('statementLineId', '=', lineId)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
  const csvRows = async () => {
    const res = await asFinance({ method: 'GET', url: '/api/gifts.csv' });
    expect(res.statusCode).toBe(200);
    return parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
  };

  it('records a credit to the general fund through REST: no campaign, no total moves, the rule holds', async () => {
    const totals = await publicTotals();
    const summary = await t.adminCaller.gifts.summary();
    const line = lineOf(12_500);
    const res = await decide(line.id, { action: 'generalFund', name: 'Halima Yusuf' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Line saved',
      data: { id: line.id, status: 'confirmed', gift: { campaignTitle: 'General fund' } },
    });
    expect(await giftOfLine(line.id)).toMatchObject({
      campaignId: null,
      campaignTitle: 'General fund',
      generalFund: true,
      name: 'Halima Yusuf',
      anonymous: false,
      amount: 12_500,
      reversedAt: null,
    });
    // No campaign's total moved, and the totals rule still holds.
    expect(await publicTotals()).toEqual(totals);
    expect(await checkTotals(t.deps.db)).toEqual([]);
    // The dashboard reports it apart: not in what campaigns received, nor in their weekly chart.
    const after = await t.adminCaller.gifts.summary();
    expect(after.month.received).toBe(summary.month.received);
    expect(after.receivedPerWeek).toEqual(summary.receivedPerWeek);
    expect(after.generalFund).toEqual({
      month: summary.generalFund.month + 12_500,
      total: summary.generalFund.total + 12_500,
    });
    expect(after.waiting.credits).toBe(summary.waiting.credits - 1);
  });

  it('records one through the tRPC twin, anonymous when no name is given, and tells it in Hausa', async () => {
    const totals = await publicTotals();
    const line = lineOf(3000);
    const result = await t.adminCaller.statement.decide({ id: line.id, decision: { action: 'generalFund' } });
    expect(result.data).toMatchObject({ status: 'confirmed', gift: { campaignTitle: 'General fund' } });
    expect(await giftOfLine(line.id)).toMatchObject({
      campaignId: null,
      generalFund: true,
      name: '',
      anonymous: true,
      amount: 3000,
    });
    expect(await publicTotals()).toEqual(totals);
    expect(await checkTotals(t.deps.db)).toEqual([]);
    // The stored title is fixed; a Hausa reader sees it in Hausa.
    const reopened = await decide(line.id, { action: 'open' }, { 'accept-language': 'ha' });
    expect(reopened.statusCode).toBe(200);
    const again = await decide(line.id, { action: 'generalFund' }, { 'accept-language': 'ha' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.gift.campaignTitle).toBe('Asusun gama-gari');
  });

  it('refuses a second decision on the same line (409), through either face', async () => {
    const line = lineOf(12_500);
    for (const payload of [
      { action: 'generalFund' },
      { action: 'notDonation' },
      { action: 'gift', campaignId: campaignIds[0] },
    ]) {
      const twice = await decide(line.id, payload);
      expect(twice.statusCode, JSON.stringify(payload)).toBe(409);
      expect(twice.json().message).toBe('This line has already been decided by someone else');
    }
    expect(
      await trpcError(t.adminCaller.statement.decide({ id: line.id, decision: { action: 'generalFund', name: 'X' } })),
    ).toMatchObject({ code: 'CONFLICT' });
    const gifts = await t.deps.db
      .selectFrom('gifts')
      .select('id')
      .where('statementLineId', '=', line.id)
      .where('reversedAt', 'is', null)
      .execute();
    expect(gifts).toHaveLength(1);
    // A name longer than the limit is refused as the form's field error.
    const long = await decide(lineOf(4000).id, { action: 'generalFund', name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('name');
  });

  it('writes "General fund" in the Campaign column of gifts.csv', async () => {
    const rows = await csvRows();
    const halima = rows.find((r) => r.Name === 'Halima Yusuf')!;
    expect(halima).toMatchObject({ Campaign: 'General fund', 'Amount (NGN)': '12500', 'Reversed at': '' });
    expect(halima['Statement narration']).toBe('NIP TRF FROM HALIMA YUSUF DONATION');
    const cash = rows.filter((r) => r['Statement narration'] === 'POS DEPOSIT CASH');
    expect(cash.map((r) => r.Campaign)).toEqual(['General fund', 'General fund']);
  });

  it('never shows a general fund gift on a supporter wall', async () => {
    for (const campaignId of campaignIds) {
      const wall = await t.publicCaller.pledge.supporters({ campaignId });
      expect(JSON.stringify(wall)).not.toContain('Halima');
      const page = await t.app.inject({ method: 'GET', url: `/campaigns/${campaignId}` });
      expect(page.body).not.toContain('Halima');
    }
  });

  it("'open' takes it back: the gift is reversed, the dashboard and CSV follow, the line can be decided again", async () => {
    const line = lineOf(12_500);
    const totals = await publicTotals();
    const summary = await t.adminCaller.gifts.summary();
    const res = await decide(line.id, { action: 'open' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'open', gift: null });
    expect((await giftOfLine(line.id)).reversedAt).not.toBeNull();
    expect(await publicTotals()).toEqual(totals);
    expect(await checkTotals(t.deps.db)).toEqual([]);
    const after = await t.adminCaller.gifts.summary();
    expect(after.generalFund).toEqual({
      month: summary.generalFund.month - 12_500,
      total: summary.generalFund.total - 12_500,
    });
    expect(after.month.received).toBe(summary.month.received);
    const halima = (await csvRows()).find((r) => r.Name === 'Halima Yusuf')!;
    expect(halima['Reversed at']).not.toBe('');

    // Open again, it goes to a campaign after all: that campaign's total moves, the rule holds.
    const campaignId = campaignIds[1]!;
    const toCampaign = await decide(line.id, { action: 'gift', campaignId, name: 'Halima Yusuf' });
    expect(toCampaign.statusCode, toCampaign.body).toBe(200);
    expect((await publicTotals())[campaignId]).toEqual({
      amountRaised: totals[campaignId]!.amountRaised + 12_500,
      supporters: totals[campaignId]!.supporters + 1,
    });
    expect(await checkTotals(t.deps.db)).toEqual([]);
  });

  it('assigns a credit to a pledge staff name by its reference, in any spelling', async () => {
    const campaignId = campaignIds[0]!;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/pledges',
      payload: { campaignId, amount: 6000, name: 'Zainab Sule' },
    });
    const reference = made.json().data.reference as string;
    const totals = await publicTotals();
    const line = lineOf(6000);
    const sloppy = `${reference.slice(0, 4).toLowerCase()} ${reference.slice(4)}`;
    const res = await decide(line.id, { action: 'pledge', pledgeId: sloppy });
    expect(res.statusCode, res.body).toBe(200);
    const campaign = (await t.app.inject({ method: 'GET', url: `/campaigns/${campaignId}` })).json();
    expect(res.json().data.gift.campaignTitle).toBe(campaign.title);
    expect((await publicTotals())[campaignId]).toEqual({
      amountRaised: totals[campaignId]!.amountRaised + 6000,
      supporters: totals[campaignId]!.supporters + 1,
    });
    expect(await checkTotals(t.deps.db)).toEqual([]);
    const unknown = await decide(lineOf(4000).id, { action: 'pledge', pledgeId: 'NOTAREF1' });
    expect(unknown.statusCode).toBe(404);
  });
});

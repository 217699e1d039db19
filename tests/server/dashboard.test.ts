/**
 * The dashboard's figures with a controlled clock, and the pure month and
 * growth rules behind them. Each test starts from an empty campaigns table.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { growthPercent, monthBounds } from '../../server/dashboard/service';
import type { CampaignInput } from '../../shared/schemas/campaign';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, foreignToken, refusalOf, trpcError, trpcHttp } from '../helpers/fixtures';

describe('growthPercent', () => {
  it.each([
    [0, 0, 100],
    [5000, 0, 100],
    [200, 100, 100],
    [150, 100, 50],
    [100, 100, 0],
    [50, 100, -50],
    [0, 100, -100],
    [1, 3, -66.7],
    [2, 3, -33.3],
    [4, 3, 33.3],
    [1_000_000_000_000, 999_999_999_999, 0],
    [1234, 1000, 23.4],
    [1235, 1000, 23.5],
  ])('growthPercent(%d, %d) is %d', (current, previous, expected) => {
    expect(growthPercent(current, previous)).toBe(expected);
  });
});

describe('monthBounds (Lagos, UTC+1)', () => {
  const iso = (b: ReturnType<typeof monthBounds>) => ({
    previous: b.previous.toISOString(),
    current: b.current.toISOString(),
    next: b.next.toISOString(),
  });

  it('mid-month', () => {
    expect(iso(monthBounds(new Date('2026-05-15T12:00:00Z')))).toEqual({
      previous: '2026-03-31T23:00:00.000Z',
      current: '2026-04-30T23:00:00.000Z',
      next: '2026-05-31T23:00:00.000Z',
    });
  });

  it('2026-02-28T23:30Z is already March in Lagos', () => {
    expect(iso(monthBounds(new Date('2026-02-28T23:30:00Z')))).toEqual({
      previous: '2026-01-31T23:00:00.000Z',
      current: '2026-02-28T23:00:00.000Z',
      next: '2026-03-31T23:00:00.000Z',
    });
  });

  it('2026-02-28T22:59Z is still February in Lagos', () => {
    expect(monthBounds(new Date('2026-02-28T22:59:59Z')).current.toISOString()).toBe('2026-01-31T23:00:00.000Z');
  });

  it('January: the previous month is December of the year before', () => {
    expect(iso(monthBounds(new Date('2026-01-10T08:00:00Z')))).toEqual({
      previous: '2025-11-30T23:00:00.000Z',
      current: '2025-12-31T23:00:00.000Z',
      next: '2026-01-31T23:00:00.000Z',
    });
  });

  it('New Year in Lagos starts at 23:00 UTC on 31 December', () => {
    const b = monthBounds(new Date('2025-12-31T23:15:00Z'));
    expect(b.current.toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(b.previous.toISOString()).toBe('2025-11-30T23:00:00.000Z');
  });

  it('December: the next month is January of the next year', () => {
    expect(monthBounds(new Date('2026-12-15T00:00:00Z')).next.toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });
});

const NOW = new Date('2026-03-15T10:00:00Z');

describe.each(testDatabases())('dashboard stats on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.deps.db.deleteFrom('campaigns').execute();
  });

  /** Creates a campaign and sets its creation instant. */
  const campaignAt = async (createdAt: string, overrides: Partial<CampaignInput> = {}) => {
    const c = await t.adminCaller.campaign.create(campaignPayload(overrides));
    await t.deps.db
      .updateTable('campaigns')
      .set({ createdAt: new Date(createdAt) })
      .where('id', '=', c._id)
      .execute();
    return c;
  };
  const statsRest = async () => {
    const res = await t.asAdmin({ method: 'GET', url: '/api/dashboard/stats' });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('answers zeros, and growth 100, with no campaigns', async () => {
    const expected = {
      totalRaised: 0,
      activeCampaigns: 0,
      locations: 0,
      monthlyGrowth: 100,
      currentMonthRaised: 0,
      previousMonthRaised: 0,
      currentMonth: '2026-03',
      previousMonth: '2026-02',
    };
    expect(await statsRest()).toEqual(expected);
    expect(await t.adminCaller.dashboard.stats()).toEqual(expected);
  });

  it('sums amountRaised, counts active campaigns and distinct locations, and measures growth', async () => {
    await campaignAt('2026-03-01T08:00:00Z', { amountRaised: 150_000, location: 'Kano' });
    await campaignAt('2026-03-14T08:00:00Z', { amountRaised: 50_000, location: 'Kano' });
    await campaignAt('2026-02-10T08:00:00Z', { amountRaised: 160_000, location: 'Borno' });
    await campaignAt('2026-01-05T08:00:00Z', { amountRaised: 999, location: 'Yobe' });
    const expected = {
      totalRaised: 360_999,
      activeCampaigns: 4,
      locations: 3,
      currentMonthRaised: 200_000,
      previousMonthRaised: 160_000,
      monthlyGrowth: 25,
      currentMonth: '2026-03',
      previousMonth: '2026-02',
    };
    expect(await statsRest()).toEqual(expected);
    expect(await t.adminCaller.dashboard.stats()).toEqual(expected);
  });

  it('counts a campaign created at 23:30 UTC on the last day of February in March (Lagos time)', async () => {
    await campaignAt('2026-02-28T23:30:00Z', { amountRaised: 300 });
    await campaignAt('2026-02-28T22:30:00Z', { amountRaised: 400 });
    await campaignAt('2026-01-31T23:00:00Z', { amountRaised: 100 });
    await campaignAt('2026-01-31T22:59:59Z', { amountRaised: 10_000 });
    const stats = await t.adminCaller.dashboard.stats();
    expect(stats).toMatchObject({
      currentMonthRaised: 300,
      previousMonthRaised: 500,
      monthlyGrowth: -40,
      totalRaised: 10_800,
    });
  });

  it('ignores campaigns from later months in the current month', async () => {
    await campaignAt('2026-03-31T23:00:00Z', { amountRaised: 7 });
    await campaignAt('2026-03-10T00:00:00Z', { amountRaised: 5 });
    expect(await t.adminCaller.dashboard.stats()).toMatchObject({
      currentMonthRaised: 5,
      previousMonthRaised: 0,
      monthlyGrowth: 100,
      totalRaised: 12,
    });
  });

  it('adds large amounts exactly: 999,999,999,999 + 1 = 1,000,000,000,000', async () => {
    await campaignAt('2026-03-02T00:00:00Z', {
      amountRaised: 999_999_999_999,
      target: 1_000_000_000_000,
      location: 'Kebbi',
    });
    await campaignAt('2026-02-02T00:00:00Z', { amountRaised: 1, location: 'Kebbi' });
    const stats = await statsRest();
    expect(stats.totalRaised).toBe(1_000_000_000_000);
    expect(stats).toMatchObject({
      locations: 1,
      activeCampaigns: 2,
      currentMonthRaised: 999_999_999_999,
      previousMonthRaised: 1,
    });
    expect(typeof stats.totalRaised).toBe('number');
    const viaTrpc = await t.adminCaller.dashboard.stats();
    expect(viaTrpc.totalRaised).toBe(1_000_000_000_000);
    expect(viaTrpc.monthlyGrowth).toBe(99_999_999_999_800);
  });

  it('refuses visitors and refused tokens with 401', async () => {
    const foreign = await foreignToken(t.deps);
    const cases: [Record<string, string>, string][] = [
      [{}, 'Authentication required'],
      [{ authorization: 'Bearer nope' }, 'Invalid or expired token'],
      [{ authorization: `Bearer ${foreign}` }, 'Invalid or expired token'],
    ];
    for (const [headers, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers });
      expect(res.statusCode).toBe(401);
      expect(refusalOf(res)).toEqual({ message });
      const viaTrpc = await trpcHttp(t.app, 'query', 'dashboard.stats', undefined, headers);
      expect(viaTrpc.statusCode).toBe(401);
    }
    expect(await trpcError(t.publicCaller.dashboard.stats())).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Authentication required',
    });
  });
});

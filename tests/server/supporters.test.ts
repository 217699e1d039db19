/**
 * The supporter wall's answer (pledge.supporters): the counting gifts as each donor chose to be
 * shown, and what the campaign's total holds from before online records (its opening amount and
 * hand adjustments), on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/service';
import { supportersOf } from '../../server/giving/supporters';
import { createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, unique } from '../helpers/fixtures';

describe.each(testDatabases())('the supporter wall on %s', (kind) => {
  let t: TestApp;
  let financeToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    financeToken = await issueToken(t.deps, await insertStaff(t.deps.db, 'finance'));
  }, 60_000);
  afterAll(() => t.close());

  const newCampaign = async (amountRaised: number) =>
    (
      await t.asAdmin({
        method: 'POST',
        url: '/campaigns',
        payload: campaignPayload({ title: unique('Pumps '), amountRaised }),
      })
    ).json().campaign._id as string;

  it('says what a campaign raised before online records, and nothing for one that raised nothing', async () => {
    const opened = await newCampaign(3_850_000);
    expect(await supportersOf(t.deps, opened)).toEqual({ items: [], givenBefore: 3_850_000 });
    const empty = await newCampaign(0);
    expect(await supportersOf(t.deps, empty)).toEqual({ items: [], givenBefore: 0 });
    expect(await supportersOf(t.deps, 'not-an-id')).toEqual({ items: [], givenBefore: 0 });
  });

  it('counts a confirmed gift on the wall, not in what came before, and hides what the donor hid', async () => {
    const campaignId = await newCampaign(100_000);
    const made = (
      await t.app.inject({
        method: 'POST',
        url: '/api/pledges',
        payload: { campaignId, amount: 5_000, name: 'Amina Bello', anonymous: false, hideAmount: true },
      })
    ).json().data;
    const { id } = (
      await t.app.inject({
        method: 'GET',
        url: `/api/pledges?q=${made.reference}`,
        headers: { authorization: `Bearer ${financeToken}` },
      })
    ).json().items[0];
    const confirmed = await t.app.inject({
      method: 'PUT',
      url: `/api/pledges/${id}`,
      payload: { status: 'confirmed' },
      headers: { authorization: `Bearer ${financeToken}` },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const wall = await supportersOf(t.deps, campaignId);
    expect(wall.givenBefore).toBe(100_000);
    expect(wall.items).toEqual([expect.objectContaining({ name: 'Amina Bello', amount: null })]);
    // Through tRPC, as the campaign page asks.
    const res = await t.app.inject({
      method: 'GET',
      url: `/trpc/pledge.supporters?input=${encodeURIComponent(JSON.stringify({ json: { campaignId } }))}`,
    });
    expect(res.json().result.data.json).toMatchObject({ givenBefore: 100_000, items: [{ name: 'Amina Bello' }] });
  });
});

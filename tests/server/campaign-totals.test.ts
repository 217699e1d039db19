/**
 * A campaign's total is what its gifts made, plus hand adjustments someone meant: on both
 * databases, no REST or tRPC write of a campaign moves it otherwise. A PUT without amountRaised
 * leaves it; one with the stored total changes nothing; a stale copy sent with the ETag it was read
 * with is refused with 412 and changes nothing; only a different amount is an adjustment, recorded
 * with its author and audited. Then the same as a law: after any sequence of campaign writes (fresh
 * and stale, REST and tRPC) and gifts confirmed and taken back, the totals rule of
 * `npm run check:totals` holds and the total is the gifts plus the adjustments that were asked for.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/service';
import { checkTotals } from '../../server/giving/totals';
import { t as translate } from '../../shared/messages';
import type { Campaign } from '../../shared/schemas/campaign';
import { createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, unique } from '../helpers/fixtures';

/** What the campaign form sends back of a campaign it read: every field but the server's own. */
const editable = (campaign: Campaign) => {
  const { _id, createdAt, updatedAt, status, ...fields } = campaign;
  return fields;
};

describe.each(testDatabases())('campaign totals on %s', (kind) => {
  let t: TestApp;
  let financeToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    financeToken = await issueToken(t.deps, await insertStaff(t.deps.db, 'finance'));
  }, 60_000);
  afterAll(() => t?.close());

  const asFinance = (options: { method: 'GET' | 'PUT'; url: string; payload?: object }) =>
    t.app.inject({ ...options, headers: { authorization: `Bearer ${financeToken}` } });

  const create = async (overrides: object = {}) => {
    const res = await t.asAdmin({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: unique('Wells '), amountRaised: 0, supporters: 0, ...overrides }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().campaign as Campaign;
  };
  /** The campaign as a REST client reads it, with the ETag it is answered with. */
  const read = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/campaigns/${id}`, headers: { accept: 'application/json' } });
    expect(res.statusCode, res.body).toBe(200);
    return { campaign: res.json() as Campaign, etag: String(res.headers.etag) };
  };
  const put = (id: string, payload: object, ifMatch?: string) =>
    t.asAdmin({
      method: 'PUT',
      url: `/campaigns/${id}`,
      payload,
      headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
    });
  /** A pledge of that amount, confirmed by finance as received: a gift through recordGift. */
  const give = async (campaignId: string, amount: number) => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/pledges',
      payload: { campaignId, amount, name: 'Amina Bello', anonymous: false },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { reference } = made.json().data as { reference: string };
    const confirmed = await asFinance({
      method: 'PUT',
      url: `/api/pledges/${reference}`,
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return reference;
  };
  const adjustmentsOf = (campaignId: string) =>
    t.deps.db.selectFrom('amount_adjustments').selectAll().where('campaignId', '=', campaignId).execute();
  const adjustedAudits = (campaignId: string) =>
    t.deps.db
      .selectFrom('audit_events')
      .select(['summary', 'actor'])
      .where('action', '=', 'campaign.adjusted')
      .where('target', '=', campaignId)
      .execute();
  const expectTotalsRuleHolds = async () => expect(await checkTotals(t.deps.db)).toEqual([]);
  const refusal = (res: LightMyRequestResponse) => res.json() as { message: string; requestId: string };

  it('keeps the gifts when a PUT leaves amountRaised out: a title change moves no total', async () => {
    const campaign = await create();
    await give(campaign._id, 4000);
    const { campaign: before } = await read(campaign._id);
    expect(before).toMatchObject({ amountRaised: 4000, supporters: 1 });

    const { amountRaised: _left, ...withoutAmount } = editable(before);
    const res = await put(campaign._id, { ...withoutAmount, title: unique('Renamed ') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toMatchObject({ amountRaised: 4000, supporters: 1 });
    expect((await read(campaign._id)).campaign).toMatchObject({ amountRaised: 4000, supporters: 1 });
    // Blank and null are "not given" too, as the spec's form can send them.
    for (const blank of ['', null]) {
      const again = await put(campaign._id, { ...withoutAmount, amountRaised: blank });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().campaign.amountRaised).toBe(4000);
    }
    expect(await adjustmentsOf(campaign._id)).toEqual([]);
    expect(await adjustedAudits(campaign._id)).toEqual([]);
    await expectTotalsRuleHolds();

    // The tRPC twin alike, with or without the total its form loaded.
    const viaTrpc = await t.adminCaller.campaign.update({ id: campaign._id, data: withoutAmount });
    expect(viaTrpc.amountRaised).toBe(4000);
    const withWas = await t.adminCaller.campaign.update({ id: campaign._id, data: withoutAmount, amountRaisedWas: 0 });
    expect(withWas.amountRaised).toBe(4000);
    expect(await adjustmentsOf(campaign._id)).toEqual([]);
    await expectTotalsRuleHolds();
  });

  it('creates a campaign without amountRaised at 0, as before', async () => {
    const { amountRaised: _none, ...body } = campaignPayload({ title: unique('Fresh ') });
    const res = await t.asAdmin({ method: 'POST', url: '/campaigns', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().campaign.amountRaised).toBe(0);
    const viaTrpc = await t.adminCaller.campaign.create(body);
    expect(viaTrpc.amountRaised).toBe(0);
    await expectTotalsRuleHolds();
  });

  it('records nothing when the amount sent is the stored total, and an adjustment with its author when it differs', async () => {
    const campaign = await create({ amountRaised: 1500 });
    await give(campaign._id, 2500);
    const { campaign: current } = await read(campaign._id);
    expect(current.amountRaised).toBe(4000);

    const same = await put(campaign._id, { ...editable(current), title: unique('Same total ') });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().campaign.amountRaised).toBe(4000);
    expect(await adjustmentsOf(campaign._id)).toEqual([]);
    expect(await adjustedAudits(campaign._id)).toEqual([]);

    const changed = await put(campaign._id, { ...editable(current), amountRaised: 4700 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().campaign.amountRaised).toBe(4700);
    expect(await adjustmentsOf(campaign._id)).toEqual([
      expect.objectContaining({ amountDelta: 700, supportersDelta: 0, author: 'admin@example.org' }),
    ]);
    const [audited, ...more] = await adjustedAudits(campaign._id);
    expect(more).toEqual([]);
    expect(audited!.summary).toContain('₦4,000 → ₦4,700');
    await expectTotalsRuleHolds();
  });

  it('refuses with 412 a PUT whose If-Match is not the current ETag, and changes nothing', async () => {
    const campaign = await create();
    const stale = await read(campaign._id);
    expect(stale.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    // A gift arrives after the client read the campaign.
    await give(campaign._id, 4000);
    const current = await read(campaign._id);
    expect(current.etag).not.toBe(stale.etag);
    const adjustmentsBefore = await adjustmentsOf(campaign._id);

    // The stale copy sent back as it was read, with its old amountRaised (0).
    for (const ifMatch of [stale.etag, `W/${current.etag}`, '"nonsense"', `${stale.etag}, "other"`]) {
      const res = await put(campaign._id, { ...editable(stale.campaign), title: unique('Stale ') }, ifMatch);
      expect(res.statusCode, `${ifMatch}: ${res.body}`).toBe(412);
      expect(refusal(res)).toEqual({
        message: translate('request.preconditionFailed'),
        requestId: res.headers['x-request-id'],
      });
    }
    expect((await read(campaign._id)).campaign).toEqual(current.campaign);
    expect((await read(campaign._id)).etag).toBe(current.etag);
    expect(await adjustmentsOf(campaign._id)).toEqual(adjustmentsBefore);
    expect(await adjustedAudits(campaign._id)).toEqual([]);

    // The current tag, as sent plain or as its compressed variants, in a list, or `*`: the write goes through.
    const variants: ((tag: string) => string)[] = [
      (tag) => tag,
      (tag) => tag.replace(/"$/, '-br"'),
      (tag) => tag.replace(/"$/, '-gz"'),
      (tag) => `"other", ${tag}`,
      () => '*',
    ];
    let tag = current;
    for (const variant of variants) {
      const ifMatch = variant(tag.etag);
      const res = await put(campaign._id, { ...editable(tag.campaign), title: unique('Fresh ') }, ifMatch);
      expect(res.statusCode, `${ifMatch}: ${res.body}`).toBe(200);
      expect(res.json().campaign.amountRaised).toBe(4000);
      tag = await read(campaign._id);
    }
    // The ETag a compressed answer carries is accepted too.
    const compressed = await t.app.inject({
      method: 'GET',
      url: `/campaigns/${campaign._id}`,
      headers: { accept: 'application/json', 'accept-encoding': 'gzip' },
    });
    expect(String(compressed.headers.etag)).toMatch(/-gz"$/);
    const viaGzipTag = await put(campaign._id, editable(tag.campaign), String(compressed.headers.etag));
    expect(viaGzipTag.statusCode, viaGzipTag.body).toBe(200);

    expect(await adjustmentsOf(campaign._id)).toEqual([]);
    await expectTotalsRuleHolds();

    // An unknown campaign is still 404, whatever If-Match says.
    const unknown = await put('0190a5c2-0000-7000-8000-000000000000', campaignPayload(), stale.etag);
    expect(unknown.statusCode).toBe(404);
  });

  it('documents If-Match and its 412 on PUT /campaigns/{id}', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/campaigns/{id}'].put;
    expect(Object.keys(operation.responses)).toContain('412');
    expect(operation.responses['412'].content['application/json']).toBeDefined();
    expect(operation.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'if-match', required: false })]),
    );
  });

  /**
   * The law, over random sequences: what a campaign's total is after campaign writes, fresh and
   * stale, through either face, and gifts confirmed and taken back. The model only moves the total
   * where the server must: a gift, its reversal, and an adjustment someone asked for.
   */
  it('holds the totals rule after any sequence of campaign writes and gifts', async () => {
    type Step =
      | { kind: 'gift'; amount: number }
      | { kind: 'reopen'; pick: number }
      | { kind: 'read' }
      | { kind: 'restWithout'; fresh: boolean }
      | { kind: 'restSame'; ifMatch: boolean }
      | { kind: 'restStale'; pick: number }
      | { kind: 'restStaleBare'; pick: number }
      | { kind: 'restSet'; amount: number }
      | { kind: 'trpcStale'; pick: number; delta: number }
      | { kind: 'trpcWithout' };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('gift' as const), amount: fc.integer({ min: 100, max: 50_000 }) }),
      fc.record({ kind: fc.constant('reopen' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('read' as const) }),
      fc.record({ kind: fc.constant('restWithout' as const), fresh: fc.boolean() }),
      fc.record({ kind: fc.constant('restSame' as const), ifMatch: fc.boolean() }),
      fc.record({ kind: fc.constant('restStale' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('restStaleBare' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('restSet' as const), amount: fc.integer({ min: 0, max: 100_000 }) }),
      fc.record({
        kind: fc.constant('trpcStale' as const),
        pick: fc.nat(),
        delta: fc.integer({ min: 0, max: 20_000 }),
      }),
      fc.record({ kind: fc.constant('trpcWithout' as const) }),
    );

    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(step, { maxLength: 10 }),
        async (opening, steps) => {
          const campaign = await create({ amountRaised: opening });
          /** The total as the server must have it, and the adjustments someone asked for. */
          let total = opening;
          let asked = 0;
          const open: { reference: string; amount: number }[] = [];
          const seen = [await read(campaign._id)];
          const pickOf = <T>(list: T[], n: number) => list[n % list.length]!;
          for (const s of steps) {
            switch (s.kind) {
              case 'gift': {
                open.push({ reference: await give(campaign._id, s.amount), amount: s.amount });
                total += s.amount;
                break;
              }
              case 'reopen': {
                if (open.length === 0) break;
                const [taken] = open.splice(s.pick % open.length, 1);
                const res = await asFinance({
                  method: 'PUT',
                  url: `/api/pledges/${taken!.reference}`,
                  payload: { status: 'pending' },
                });
                expect(res.statusCode, res.body).toBe(200);
                total = Math.max(0, total - taken!.amount);
                break;
              }
              case 'read':
                seen.push(await read(campaign._id));
                break;
              case 'restWithout': {
                const { campaign: now, etag } = s.fresh ? await read(campaign._id) : pickOf(seen, 0);
                const { amountRaised: _a, ...body } = editable(now);
                const res = await put(campaign._id, { ...body, title: unique('Without ') }, s.fresh ? etag : undefined);
                expect(res.statusCode, res.body).toBe(200);
                break;
              }
              case 'restSame': {
                const { campaign: now, etag } = await read(campaign._id);
                const res = await put(
                  campaign._id,
                  { ...editable(now), title: unique('Same ') },
                  s.ifMatch ? etag : undefined,
                );
                expect(res.statusCode, res.body).toBe(200);
                break;
              }
              case 'restStale': {
                const old = pickOf(seen, s.pick);
                const currentTag = (await read(campaign._id)).etag;
                const res = await put(campaign._id, { ...editable(old.campaign), title: unique('Stale ') }, old.etag);
                if (old.etag === currentTag) {
                  // Nothing happened since it was read: it is not stale, and its total is the stored one.
                  expect(res.statusCode, res.body).toBe(200);
                } else {
                  expect(res.statusCode, res.body).toBe(412);
                  expect((await read(campaign._id)).etag).toBe(currentTag);
                }
                break;
              }
              case 'restStaleBare': {
                // A stale copy without If-Match: its amount is what the client says the total is, so
                // it is a hand adjustment where it differs, recorded and audited.
                const old = pickOf(seen, s.pick).campaign;
                const res = await put(campaign._id, { ...editable(old), title: unique('Bare ') });
                expect(res.statusCode, res.body).toBe(200);
                if (old.amountRaised !== total) asked++;
                total = old.amountRaised;
                break;
              }
              case 'restSet': {
                const { campaign: now, etag } = await read(campaign._id);
                const res = await put(campaign._id, { ...editable(now), amountRaised: s.amount }, etag);
                expect(res.statusCode, res.body).toBe(200);
                if (s.amount !== total) asked++;
                total = s.amount;
                break;
              }
              case 'trpcStale': {
                // The dashboard's form: the data it loaded, perhaps with the amount changed by delta.
                const old = pickOf(seen, s.pick).campaign;
                const data = { ...editable(old), title: unique('Form '), amountRaised: old.amountRaised + s.delta };
                await t.adminCaller.campaign.update({ id: campaign._id, data, amountRaisedWas: old.amountRaised });
                if (s.delta !== 0) asked++;
                total += s.delta;
                break;
              }
              case 'trpcWithout': {
                const { amountRaised: _a, ...data } = editable(pickOf(seen, 0).campaign);
                await t.adminCaller.campaign.update({ id: campaign._id, data: { ...data, title: unique('Form ') } });
                break;
              }
            }
            expect((await read(campaign._id)).campaign.amountRaised, JSON.stringify(s)).toBe(total);
          }
          expect(await checkTotals(t.deps.db)).toEqual([]);
          // Every hand adjustment was asked for, and audited with its author.
          expect((await adjustedAudits(campaign._id)).length).toBe(asked);
          for (const audit of await adjustedAudits(campaign._id)) expect(audit.actor).toBe('admin@example.org');
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);
});

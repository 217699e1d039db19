/**
 * Campaign calls on both faces: REST (`app.inject`) and tRPC (callers), with the
 * same expectations. One app per database; every test makes its own campaigns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE } from '../../shared/constants';
import type { Campaign, CampaignInput } from '../../shared/schemas/campaign';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import {
  campaignPayload,
  errorPaths,
  foreignToken,
  refusalOf,
  rowCount,
  trpcError,
  trpcHttp,
  trpcHttpError,
  unique,
} from '../helpers/fixtures';

const PARTNER_ORIGIN = 'https://partner.example';
const BANK = { BANK_ACCOUNT_NAME: 'Foundation Test Account', BANK_ACCOUNT_NUMBER: '0123456789' };
const NOT_FOUND = { message: 'Campaign not found' };
const MALFORMED_IDS = ['abc', '..%2Fx', 'x'.repeat(150)];
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000';

describe.each(testDatabases())('campaigns on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { CORS_ORIGINS: PARTNER_ORIGIN, ...BANK } });
  });
  afterAll(() => t.close());

  const restCreate = (body: unknown) => t.asAdmin({ method: 'POST', url: '/campaigns', payload: body as object });
  const created = async (overrides: Partial<CampaignInput> = {}) => {
    const res = await restCreate(campaignPayload(overrides));
    expect(res.statusCode).toBe(201);
    return res.json<{ campaign: Campaign }>().campaign;
  };
  const listRest = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/campaigns${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<Campaign[]>();
  };

  describe('GET /campaigns and campaign.list', () => {
    it('answers a JSON array in creation order, oldest first, with Vary: Accept', async () => {
      const a = await created();
      const b = await created();
      const c = await created();
      const res = await t.app.inject({ method: 'GET', url: '/campaigns', headers: { accept: 'application/json' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.vary).toMatch(/Accept/i);
      const ids = res.json<Campaign[]>().map((x) => x._id);
      expect(ids.indexOf(a._id)).toBeLessThan(ids.indexOf(b._id));
      expect(ids.indexOf(b._id)).toBeLessThan(ids.indexOf(c._id));
      expect(ids.indexOf(a._id)).toBeGreaterThanOrEqual(0);

      const trpcIds = (await t.publicCaller.campaign.list()).map((x) => x._id);
      expect(trpcIds).toEqual(ids);
      const newest = (await t.publicCaller.campaign.list({ order: 'newest' })).map((x) => x._id);
      expect(newest).toEqual([...ids].reverse());
    });

    it('answers the SPA page, not JSON, to a browser asking for text/html', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/campaigns',
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.headers.vary).toMatch(/Accept/i);
      expect(res.headers['content-type']).not.toMatch(/json/);
      // Tests run without a built client: the page answer is the "not built" notice.
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatch(/^The client is not built/);
    });

    it('filters by category and location', async () => {
      const mine = await created({ location: 'Zamfara', category: 'Feeding' });
      await created({ location: 'Zamfara', category: 'Health' });
      await created({ location: 'Sokoto', category: 'Feeding' });
      const rest = await listRest('?category=Feeding&location=Zamfara');
      expect(rest.map((c) => c._id)).toContain(mine._id);
      for (const c of rest) expect([c.location, c.category]).toEqual(['Zamfara', 'Feeding']);
      const trpc = await t.publicCaller.campaign.list({ category: 'Feeding', location: 'Zamfara' });
      expect(trpc.map((c) => c._id)).toEqual(rest.map((c) => c._id));
    });

    it("campaign.cards answers the list's campaigns, filters and order with only what a card shows", async () => {
      const hausa = { titleHa: 'Ciyar da yara', shortDescriptionHa: 'Abinci ga yara.' };
      const partly = await created({ location: 'Kebbi', category: 'Feeding', ...hausa });
      const input = { order: 'newest', location: 'Kebbi', category: 'Feeding' } as const;
      const list = await t.publicCaller.campaign.list(input);
      const cards = await t.publicCaller.campaign.cards(input);
      expect(cards.map((c) => c._id)).toEqual(list.map((c) => c._id));
      const card = cards.find((c) => c._id === partly._id)!;
      expect(Object.keys(card).sort()).toEqual(
        [
          '_id',
          'amountRaised',
          'category',
          'image',
          'lacksHausa',
          'location',
          'shortDescription',
          'shortDescriptionHa',
          'target',
          'title',
          'titleHa',
        ].sort(),
      );
      const full = list.find((c) => c._id === partly._id)!;
      expect(card).toMatchObject({ title: full.title, image: full.image, amountRaised: full.amountRaised, ...hausa });
      // Its description and overview are still in English only: a Hausa card says so.
      expect(card.lacksHausa).toBe(true);
      const error = await trpcError(t.publicCaller.campaign.cards({ location: 'Lagos' } as never));
      expect(error.code).toBe('BAD_REQUEST');
    });

    it('pages with limit and offset', async () => {
      await created();
      await created();
      await created();
      const all = (await listRest()).map((c) => c._id);
      expect((await listRest('?limit=1')).map((c) => c._id)).toEqual(all.slice(0, 1));
      expect((await listRest('?offset=1')).map((c) => c._id)).toEqual(all.slice(1));
      expect((await listRest('?limit=2&offset=1')).map((c) => c._id)).toEqual(all.slice(1, 3));
      expect((await t.publicCaller.campaign.list({ limit: 2, offset: 1 })).map((c) => c._id)).toEqual(all.slice(1, 3));
    });

    it('ignores unknown query parameters (and the tRPC-only order)', async () => {
      const all = (await listRest()).map((c) => c._id);
      expect((await listRest('?foo=bar&order=newest&page=2')).map((c) => c._id)).toEqual(all);
    });

    it.each([
      ['category=Food', 'Please choose one of the listed options', 'category'],
      ['location=Lagos', 'Please choose one of the listed options', 'location'],
      ['limit=0', 'limit must be from 1 to 500', 'limit'],
      ['limit=abc', 'limit must be from 1 to 500', 'limit'],
      ['limit=501', 'limit must be from 1 to 500', 'limit'],
      ['offset=-1', 'offset must be from 0 to 1000000', 'offset'],
      ['limit=1.5', 'limit must be from 1 to 500', 'limit'],
    ])('refuses ?%s with 400 {message, errors}', async (query, message, path) => {
      const res = await t.app.inject({ method: 'GET', url: `/campaigns?${query}` });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ message: string; errors: { path: string }[] }>();
      expect(typeof body.message).toBe('string');
      if (message) expect(body.message).toBe(message);
      expect(body.errors.map((e) => e.path)).toContain(path);
    });

    it.each([{ category: 'Food' }, { location: 'Lagos' }, { limit: 0 }, { offset: -1 }])(
      'campaign.list refuses %o with BAD_REQUEST',
      async (input) => {
        const error = await trpcError(t.publicCaller.campaign.list(input as never));
        expect(error.code).toBe('BAD_REQUEST');
      },
    );
  });

  describe('CORS', () => {
    it('echoes an allowed origin with credentials', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/campaigns', headers: { origin: PARTNER_ORIGIN } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(PARTNER_ORIGIN);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
    });

    it('answers a preflight for an authorized write', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/campaigns',
        headers: {
          origin: PARTNER_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(res.statusCode).toBeLessThan(300);
      expect(res.headers['access-control-allow-origin']).toBe(PARTNER_ORIGIN);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(String(res.headers['access-control-allow-methods'])).toMatch(/POST/);
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toMatch(/authorization/);
    });

    it('gives another origin no allow-origin header', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/campaigns', headers: { origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('GET /campaigns/:id and campaign.byId', () => {
    it('answers one campaign', async () => {
      const c = await created({ title: unique('Detail ') });
      const res = await t.app.inject({ method: 'GET', url: `/campaigns/${c._id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(c);
      expect(await t.publicCaller.campaign.byId({ id: c._id })).toEqual(c);
    });

    it.each([UNKNOWN_ID, ...MALFORMED_IDS])('answers 404 Campaign not found for %s', async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/campaigns/${id}` });
      expect(res.statusCode).toBe(404);
      expect(refusalOf(res)).toEqual(NOT_FOUND);
      const error = await trpcError(t.publicCaller.campaign.byId({ id: decodeURIComponent(id) }));
      expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Campaign not found' });
    });
  });

  describe('create, update and delete', () => {
    it('POST /campaigns answers 201 {message, campaign}; campaign.create the same campaign', async () => {
      const input = campaignPayload({ title: unique('Create ') });
      const res = await restCreate(input);
      expect(res.statusCode).toBe(201);
      const body = res.json<{ message: string; campaign: Campaign }>();
      expect(body.message).toBe('Campaign created successfully');
      expect(body.campaign).toMatchObject({
        title: input.title,
        description: input.description,
        shortDescription: input.shortDescription,
        overview: input.overview,
        target: 2_500_000,
        amountRaised: 1000,
        supporters: 0,
        status: 'active',
        location: 'Jigawa',
        category: 'Water',
        endDate: '2026-12-31',
        impact: input.impact,
      });
      expect(body.campaign._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(body.campaign.createdAt).toISOString()).toBe(body.campaign.createdAt);

      const viaTrpc = await t.adminCaller.campaign.create(input);
      const { _id, createdAt, updatedAt, ...rest } = viaTrpc;
      const { _id: _i, createdAt: _c, updatedAt: _u, ...restRest } = body.campaign;
      expect(rest).toEqual(restRest);
    });

    it('PUT /campaigns/:id answers 200 {message, campaign}; campaign.update likewise', async () => {
      const c = await created();
      const res = await t.asAdmin({
        method: 'PUT',
        url: `/campaigns/${c._id}`,
        payload: campaignPayload({ title: 'Renamed', amountRaised: 5000, location: 'Kano' }),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ message: string; campaign: Campaign }>();
      expect(body.message).toBe('Campaign updated successfully');
      expect(body.campaign).toMatchObject({ _id: c._id, title: 'Renamed', amountRaised: 5000, location: 'Kano' });
      expect((await t.publicCaller.campaign.byId({ id: c._id })).title).toBe('Renamed');

      const updated = await t.adminCaller.campaign.update({ id: c._id, data: campaignPayload({ title: 'Again' }) });
      expect(updated).toMatchObject({ _id: c._id, title: 'Again', createdAt: c.createdAt });
    });

    it('DELETE /campaigns/:id removes the campaign and its updates', async () => {
      const updates = [{ date: '2026-01-01', content: 'Started' }];
      const c = await created({ updates });
      const countUpdates = () =>
        t.deps.db.selectFrom('campaign_updates').select('id').where('campaignId', '=', c._id).execute();
      expect(await countUpdates()).toHaveLength(1);
      const res = await t.asAdmin({ method: 'DELETE', url: `/campaigns/${c._id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Campaign deleted successfully', _id: c._id });
      expect(await t.deps.db.selectFrom('campaigns').select('id').where('id', '=', c._id).execute()).toEqual([]);
      expect(await countUpdates()).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: `/campaigns/${c._id}` })).statusCode).toBe(404);
    });

    it('campaign.remove removes the campaign and its updates', async () => {
      const c = await t.adminCaller.campaign.create(
        campaignPayload({ updates: [{ date: '2026-02-01', content: 'x' }] }),
      );
      expect(await t.adminCaller.campaign.remove({ id: c._id })).toEqual({
        message: 'Campaign deleted successfully',
        _id: c._id,
      });
      expect(
        await t.deps.db.selectFrom('campaign_updates').select('id').where('campaignId', '=', c._id).execute(),
      ).toEqual([]);
      expect((await trpcError(t.publicCaller.campaign.byId({ id: c._id }))).code).toBe('NOT_FOUND');
    });

    it.each([UNKNOWN_ID, ...MALFORMED_IDS])('PUT and DELETE of %s answer 404', async (id) => {
      const put = await t.asAdmin({ method: 'PUT', url: `/campaigns/${id}`, payload: campaignPayload() });
      expect(put.statusCode).toBe(404);
      expect(refusalOf(put)).toEqual(NOT_FOUND);
      const del = await t.asAdmin({ method: 'DELETE', url: `/campaigns/${id}` });
      expect(del.statusCode).toBe(404);
      expect(refusalOf(del)).toEqual(NOT_FOUND);
    });

    it.each([UNKNOWN_ID, 'abc', '../x'])('campaign.update and campaign.remove of %s answer NOT_FOUND', async (id) => {
      expect(await trpcError(t.adminCaller.campaign.update({ id, data: campaignPayload() }))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Campaign not found',
      });
      expect(await trpcError(t.adminCaller.campaign.remove({ id }))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Campaign not found',
      });
    });
  });

  describe('campaign form validation', () => {
    const without = (...keys: (keyof CampaignInput)[]) => {
      const body: Record<string, unknown> = campaignPayload();
      for (const key of keys) delete body[key];
      return body;
    };

    it.each<[string, Record<string, unknown>, string]>([
      ['no title', without('title'), 'title'],
      ['no image', without('image'), 'image'],
      ['blank title and location', { ...campaignPayload(), title: '  ', location: '' }, 'title, location'],
      ['no description and target', without('description', 'target'), 'description, target'],
      ['empty target string and null image', { ...campaignPayload(), target: '', image: null }, 'target, image'],
      ['nothing', {}, 'title, description, target, location, image'],
      [
        'nothing but an oversized gallery',
        { galleryImages: Array(9).fill('uploads/g.webp') },
        'title, description, target, location, image',
      ],
      ['no title and a fractional target', { ...without('title'), target: 1.5 }, 'title'],
    ])('%s → 400 naming the missing fields', async (_name, body, missing) => {
      const message = `Please fill in all required fields: ${missing}`;
      const res = await restCreate(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      for (const field of missing.split(', ')) expect(errorPaths(res)).toContain(field);
      const error = await trpcError(t.adminCaller.campaign.create(body as never));
      expect(error).toMatchObject({ code: 'BAD_REQUEST', message });
    });

    it('reports the same summary over tRPC HTTP, with field errors', async () => {
      const res = await trpcHttp(t.app, 'mutation', 'campaign.create', without('title', 'image'), {
        authorization: `Bearer ${t.token}`,
      });
      expect(res.statusCode).toBe(400);
      const error = trpcHttpError(res);
      expect(error.message).toBe('Please fill in all required fields: title, image');
      expect(error.data.fieldErrors?.map((e) => e.path)).toEqual(expect.arrayContaining(['title', 'image']));
    });

    it.each([
      ['2,500,000', 2_500_000],
      [' 750000 ', 750_000],
      ['0', 0],
      [1_000_000_000_000, 1_000_000_000_000],
    ])('coerces target %j to %d', async (target, expected) => {
      const res = await restCreate(campaignPayload({ target, amountRaised: String(target) }));
      expect(res.statusCode).toBe(201);
      expect(res.json().campaign).toMatchObject({ target: expected, amountRaised: expected });
      const viaTrpc = await t.adminCaller.campaign.create(campaignPayload({ target, amountRaised: String(target) }));
      expect(viaTrpc).toMatchObject({ target: expected, amountRaised: expected });
    });

    it('stores a missing amountRaised as 0', async () => {
      const body: Record<string, unknown> = campaignPayload();
      delete body.amountRaised;
      expect((await restCreate(body)).json().campaign.amountRaised).toBe(0);
    });

    it.each<[string, Partial<CampaignInput>, string, string]>([
      ['a negative target', { target: -1 }, 'target', 'Must be a whole number of naira, zero or more'],
      ['a fractional target', { target: 10.5 }, 'target', 'Must be a whole number of naira, zero or more'],
      ['a fractional target string', { target: '1,000.50' }, 'target', 'Must be a whole number of naira, zero or more'],
      ['a text target', { target: 'lots' }, 'target', 'Must be a whole number of naira, zero or more'],
      [
        'a negative amountRaised',
        { amountRaised: '-5' },
        'amountRaised',
        'Must be a whole number of naira, zero or more',
      ],
      [
        'a fractional amountRaised',
        { amountRaised: 0.5 },
        'amountRaised',
        'Must be a whole number of naira, zero or more',
      ],
      [
        'a target above the limit',
        { target: 1_000_000_000_001 },
        'target',
        'Must be a whole number of naira, zero or more',
      ],
      [
        'a location outside the list',
        { location: 'Lagos' as never },
        'location',
        'Please choose one of the listed options',
      ],
      [
        'a category outside the list',
        { category: 'Sports' as never },
        'category',
        'Please choose one of the listed options',
      ],
      [
        '9 gallery images',
        { galleryImages: Array(9).fill('uploads/g.webp') },
        'galleryImages',
        'A campaign can have at most 8 gallery images',
      ],
      ['status paused', { status: 'paused' as never }, 'status', ''],
      [
        'a relative image path going up',
        { image: '../etc/passwd' },
        'image',
        'Please give an uploaded image or an http(s) address',
      ],
      [
        'a javascript: image',
        { image: 'javascript:alert(1)' },
        'image',
        'Please give an uploaded image or an http(s) address',
      ],
      ['an end date that is not a date', { endDate: 'soon' }, 'endDate', 'Please enter a valid date'],
      ['an end date that does not exist', { endDate: '2026-02-29' }, 'endDate', 'Please enter a valid date'],
      ['an end date in year 0', { endDate: '0000-01-01' }, 'endDate', 'Please enter a valid date'],
      [
        'an update on 31 April',
        { updates: [{ date: '2026-04-31', content: 'x' }] },
        'updates.0.date',
        'Please enter a valid date',
      ],
      ['a NUL character in the title', { title: 'Water\u0000' }, 'title', 'Invalid request'],
      [
        'a NUL character in an image address',
        { image: 'https://cdn.example.org/a\u0000.jpg' },
        'image',
        'Please give an uploaded image or an http(s) address',
      ],
      [
        'an update without content',
        { updates: [{ date: '2026-01-01', content: ' ' }] },
        'updates.0.content',
        'This field is required',
      ],
    ])('refuses %s with 400', async (_name, overrides, path, message) => {
      const body = campaignPayload(overrides);
      const before = await rowCount(t.deps, 'campaigns');
      const res = await restCreate(body);
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json().message).toBe(message);
      expect(errorPaths(res)).toContain(path);
      const error = await trpcError(t.adminCaller.campaign.create(body));
      expect(error.code).toBe('BAD_REQUEST');
      if (message) expect(error.message).toBe(message);
      expect(error.paths).toContain(path);
      expect(await rowCount(t.deps, 'campaigns')).toBe(before);
    });

    it('accepts supporters 0, status active, 8 gallery images and no category, on 29 February of a leap year', async () => {
      const gallery = Array.from({ length: 8 }, (_, i) => `uploads/g${i}.webp`);
      const res = await restCreate(
        campaignPayload({
          supporters: 0,
          status: 'active',
          galleryImages: gallery,
          category: '',
          endDate: '2028-02-29',
        }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().campaign).toMatchObject({
        supporters: 0,
        status: 'active',
        category: null,
        endDate: '2028-02-29',
      });
      expect(res.json().campaign.galleryImages).toHaveLength(8);
    });
  });

  describe('bank details', () => {
    it('keeps the account given to a campaign', async () => {
      const bank = { accountName: 'Dutse Wells Fund', accountNumber: '2034567891', bankName: 'Zenith Bank' };
      const c = await created(bank);
      expect(c).toMatchObject(bank);
      expect(await t.publicCaller.campaign.byId({ id: c._id })).toMatchObject(bank);
      const updated = await t.asAdmin({
        method: 'PUT',
        url: `/campaigns/${c._id}`,
        payload: campaignPayload({ ...bank, accountNumber: '3045678912' }),
      });
      expect(updated.json().campaign).toMatchObject({ ...bank, accountNumber: '3045678912' });
    });

    it('answers the foundation account and United Bank for Africa when the campaign has none', async () => {
      const defaults = {
        accountName: BANK.BANK_ACCOUNT_NAME,
        accountNumber: BANK.BANK_ACCOUNT_NUMBER,
        bankName: 'United Bank for Africa',
      };
      const c = await created();
      expect(c).toMatchObject(defaults);
      const res = await t.app.inject({ method: 'GET', url: `/campaigns/${c._id}` });
      expect(res.json()).toMatchObject(defaults);
      expect(await t.publicCaller.campaign.byId({ id: c._id })).toMatchObject(defaults);
      expect((await t.publicCaller.settings.public()).bank).toEqual(defaults);
    });
  });

  describe('image paths and updates in answers', () => {
    it.each([
      ['uploads/x.webp', '/api/uploads/x.webp'],
      ['/api/uploads/uploads/x.webp', '/api/uploads/x.webp'],
      ['/uploads/x.webp', '/api/uploads/x.webp'],
      ['x.webp', '/api/uploads/x.webp'],
      ['https://cdn.example.org/a/b.jpg', 'https://cdn.example.org/a/b.jpg'],
      ['http://cdn.example.org/c.png', 'http://cdn.example.org/c.png'],
    ])('shows image %s as %s, in image and galleryImages', async (stored, shown) => {
      const c = await created({ image: stored, galleryImages: [stored, 'uploads/other.webp'] });
      expect(c.image).toBe(shown);
      expect(c.galleryImages).toEqual([shown, '/api/uploads/other.webp']);
      const listed = (await listRest()).find((x) => x._id === c._id);
      expect(listed).toMatchObject({ image: shown, galleryImages: [shown, '/api/uploads/other.webp'] });
      const viaTrpc = await t.publicCaller.campaign.byId({ id: c._id });
      expect(viaTrpc).toMatchObject({ image: shown, galleryImages: [shown, '/api/uploads/other.webp'] });
    });

    it('shows the placeholder when the stored image is missing and drops blank gallery entries', async () => {
      const c = await created();
      await t.deps.db
        .updateTable('campaigns')
        .set({ image: '', galleryImages: JSON.stringify(['', '  ', 'uploads/a.webp']) })
        .where('id', '=', c._id)
        .execute();
      // A change made in SQL by hand reaches the cached answers by NOTIFY; the services wait for it.
      await t.deps.publicDataVersion.settle();
      const res = await t.app.inject({ method: 'GET', url: `/campaigns/${c._id}` });
      expect(res.json()).toMatchObject({ image: PLACEHOLDER_IMAGE, galleryImages: ['/api/uploads/a.webp'] });
      expect(await t.publicCaller.campaign.byId({ id: c._id })).toMatchObject({ image: PLACEHOLDER_IMAGE });
    });

    it('answers updates newest first, with dates as YYYY-MM-DD', async () => {
      const c = await created({
        updates: [
          { date: '2026-01-05', content: 'January' },
          { date: '2026-03-01T10:00:00Z', content: 'March' },
          { date: '2026-02-10', content: 'February' },
        ],
      });
      const expected = [
        { date: '2026-03-01', content: 'March' },
        { date: '2026-02-10', content: 'February' },
        { date: '2026-01-05', content: 'January' },
      ];
      expect(c.updates.map(({ date, content }) => ({ date, content }))).toEqual(expected);
      const viaTrpc = await t.publicCaller.campaign.byId({ id: c._id });
      expect(viaTrpc.updates.map(({ date, content }) => ({ date, content }))).toEqual(expected);
    });
  });

  describe('admin routes refuse visitors', () => {
    const routes = (id: string) => [
      { method: 'POST' as const, url: '/campaigns', payload: campaignPayload() },
      { method: 'PUT' as const, url: `/campaigns/${id}`, payload: campaignPayload() },
      { method: 'DELETE' as const, url: `/campaigns/${id}` },
    ];

    it('answers 401 {message} without a token, with garbage, and with a foreign-signed token', async () => {
      const c = await created();
      const before = await rowCount(t.deps, 'campaigns');
      const foreign = await foreignToken(t.deps);
      const headers: [Record<string, string>, string][] = [
        [{}, 'Authentication required'],
        [{ authorization: 'Bearer not-a-token' }, 'Invalid or expired token'],
        [{ authorization: `Bearer ${foreign}` }, 'Invalid or expired token'],
        [{ authorization: `Basic ${t.token}` }, 'Authentication required'],
      ];
      for (const route of routes(c._id)) {
        for (const [h, message] of headers) {
          const res = await t.app.inject({ ...route, headers: h });
          expect(res.statusCode, `${route.method} ${JSON.stringify(h).slice(0, 30)}`).toBe(401);
          expect(refusalOf(res)).toEqual({ message });
        }
      }
      expect(await rowCount(t.deps, 'campaigns')).toBe(before);
      expect((await t.publicCaller.campaign.byId({ id: c._id })).title).toBe(c.title);
    });

    it('tRPC admin procedures answer UNAUTHORIZED to a visitor', async () => {
      const c = await created();
      for (const call of [
        t.publicCaller.campaign.create(campaignPayload()),
        t.publicCaller.campaign.update({ id: c._id, data: campaignPayload() }),
        t.publicCaller.campaign.remove({ id: c._id }),
      ]) {
        expect(await trpcError(call)).toEqual({ code: 'UNAUTHORIZED', message: 'Authentication required', paths: [] });
      }
      expect((await t.publicCaller.campaign.byId({ id: c._id }))._id).toBe(c._id);
    });

    it('tRPC over HTTP answers 401 to a garbage or foreign-signed token', async () => {
      const foreign = await foreignToken(t.deps);
      for (const token of ['garbage', foreign]) {
        const res = await trpcHttp(t.app, 'mutation', 'campaign.create', campaignPayload(), {
          authorization: `Bearer ${token}`,
        });
        expect(res.statusCode).toBe(401);
        expect(trpcHttpError(res).message).toBe('Authentication required');
      }
    });
  });
});

describe.each(testDatabases())('campaigns per state for the map on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('counts campaigns per location, and follows changes at once', async () => {
    expect(await t.publicCaller.campaign.countByLocation()).toEqual({});
    const kano = await t.adminCaller.campaign.create(campaignPayload({ location: 'Kano' }));
    await t.adminCaller.campaign.create(campaignPayload({ location: 'Kano' }));
    await t.adminCaller.campaign.create(campaignPayload({ location: 'Borno' }));
    expect(await t.publicCaller.campaign.countByLocation()).toEqual({ Kano: 2, Borno: 1 });
    await t.adminCaller.campaign.remove({ id: kano._id });
    expect(await t.publicCaller.campaign.countByLocation()).toEqual({ Kano: 1, Borno: 1 });
  });
});

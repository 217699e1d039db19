/**
 * English and Hausa over HTTP: the REST API answers its documented English unless a client asks
 * for Hausa; pages follow ?lang=, then the lang cookie, then Accept-Language, with <html lang>,
 * hreflang alternates, a page cache kept per language, and campaign texts in Hausa where staff
 * wrote them (English with a note where not yet).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../client/entry-server';
import { cookieLocale, negotiateLocale } from '../../server/http/request-locale';
import { t } from '../../shared/messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';
import { campaignPayload } from '../helpers/fixtures';

const PAGE = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('choosing the language of a request', () => {
  it('follows Accept-Language by its weights, and English when it names no language of the site', () => {
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale('ha')).toBe('ha');
    expect(negotiateLocale('ha-NG,ha;q=0.9,en;q=0.8')).toBe('ha');
    expect(negotiateLocale('fr-FR, en;q=0.5, ha;q=0.9')).toBe('ha');
    expect(negotiateLocale('en-GB,ha;q=0.1')).toBe('en');
    expect(negotiateLocale('yo, ig;q=0.8')).toBe('en');
    expect(negotiateLocale('ha;q=0')).toBe('en');
    expect(negotiateLocale(`${'x,'.repeat(5000)}ha`)).toBe('en');
    expect(negotiateLocale('ha;q=abc')).toBe('ha');
  });

  it('reads only a known language from the cookie', () => {
    expect(cookieLocale('a=1; lang=ha; b=2')).toBe('ha');
    expect(cookieLocale('lang=fr')).toBeUndefined();
    expect(cookieLocale('xlang=ha')).toBeUndefined();
    expect(cookieLocale(undefined)).toBeUndefined();
  });
});

describe.each(testDatabases())('languages over HTTP on %s', (kind) => {
  let app: TestApp;
  let translated: string;
  let untranslated: string;
  const page = (url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers: { ...PAGE, ...headers } });

  beforeAll(async () => {
    app = await createTestApp(kind, { staticDir: builtClient(), renderer });
    translated = (
      await app.adminCaller.campaign.create(
        campaignPayload({
          title: 'Borehole in Gezawa',
          titleHa: 'Rijiyar burtsatse a Gezawa',
          description: 'Clean water for 2,000 people.',
          descriptionHa: 'Ruwa mai tsafta ga mutane 2,000.',
          updates: [
            { date: '2026-11-01', content: 'Drilling started.', contentHa: 'An fara haƙa.' },
            { date: '2026-11-10', content: 'Pump installed.' },
          ],
        }),
      )
    )._id;
    untranslated = (await app.adminCaller.campaign.create(campaignPayload({ title: 'Classrooms in Dutse' })))._id;
  });
  afterAll(() => app.close());

  it('answers REST in the documented English, and in Hausa when asked', async () => {
    const english = await app.app.inject({ method: 'POST', url: '/api/submissions/newsletter/register', payload: {} });
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe(t('form.requiredFields', undefined, 'en'));
    const hausa = await app.app.inject({
      method: 'POST',
      url: '/api/submissions/newsletter/register',
      payload: { email: 'not-an-email' },
      headers: { 'accept-language': 'ha-NG,ha;q=0.9' },
    });
    expect(hausa.statusCode).toBe(400);
    expect(JSON.stringify(hausa.json())).toContain(t('validation.email', undefined, 'ha'));
    expect(hausa.headers.vary).toMatch(/Accept-Language/);
    // A lang cookie does not change what the API says: only Accept-Language does.
    const cookie = await app.app.inject({ method: 'GET', url: '/campaigns/nope', headers: { cookie: 'lang=ha' } });
    expect(cookie.json().message).toBe('Campaign not found');
  });

  it('keeps the English campaign fields and adds the Hausa ones beside them', async () => {
    const res = await app.app.inject({ method: 'GET', url: `/campaigns/${translated}` });
    const body = res.json();
    expect(body.title).toBe('Borehole in Gezawa');
    expect(body.titleHa).toBe('Rijiyar burtsatse a Gezawa');
    expect(body.descriptionHa).toBe('Ruwa mai tsafta ga mutane 2,000.');
    expect(body.overview).toMatchObject({ mainTextHa: '' });
    const updates = body.updates.map((u: { content: string; contentHa: string }) => [u.content, u.contentHa]);
    expect(updates).toEqual([
      ['Pump installed.', ''],
      ['Drilling started.', 'An fara haƙa.'],
    ]);
  });

  it('answers tRPC in the language of its Accept-Language header', async () => {
    const res = await app.app.inject({
      method: 'GET',
      url: `/trpc/campaign.byId?input=${encodeURIComponent(JSON.stringify({ json: { id: 'nope' } }))}`,
      headers: { 'accept-language': 'ha' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(t('campaigns.notFound', undefined, 'ha'));
  });

  it('renders a page in the language of ?lang=, the cookie, then Accept-Language', async () => {
    const english = await page('/about');
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain(`<title>${t('meta.about.title', { site: '' }, 'en').split(' — ')[0]}`);

    for (const headers of [{ cookie: 'lang=ha' }, { 'accept-language': 'ha' }] as Record<string, string>[]) {
      const hausa = await page('/about', headers);
      expect(hausa.body, JSON.stringify(headers)).toContain('<html lang="ha">');
      expect(hausa.body).toContain(t('nav.about', undefined, 'ha'));
      expect(hausa.headers.vary).toMatch(/Cookie/);
    }
    // The cookie wins over the browser's language, and the address over both.
    expect((await page('/about', { cookie: 'lang=en', 'accept-language': 'ha' })).body).toContain('<html lang="en">');
    expect((await page('/about?lang=ha', { cookie: 'lang=en' })).body).toContain('<html lang="ha">');
    expect((await page('/about?lang=xx', { cookie: 'lang=ha' })).body).toContain('<html lang="ha">');
  });

  it('keeps each of many requests at once in its own language, pages and API alike', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const locale = i % 2 ? 'ha' : 'en';
        return i % 4 < 2
          ? page(`/contact?n=${i}`, { cookie: `lang=${locale}` }).then((res) => [locale, res.body.slice(0, 200)])
          : app.app
              .inject({
                method: 'POST',
                url: '/api/submissions/newsletter/register',
                payload: { email: 'not-an-email' },
                headers: { 'accept-language': locale },
              })
              .then((res) => [locale, res.json().message as string]);
      }),
    );
    for (const [locale, body] of answers) {
      if (body!.startsWith('<')) expect(body).toContain(`<html lang="${locale}">`);
      else expect(body).toBe(t('validation.email', undefined, locale as 'en' | 'ha'));
    }
  });

  it('links each page to its other language and keeps a cached page per language', async () => {
    const english = await page('/campaigns');
    expect(english.body).toContain('<link rel="canonical" href="http://localhost:3000/campaigns">');
    expect(english.body).toContain(
      '<link rel="alternate" hreflang="ha" href="http://localhost:3000/campaigns?lang=ha">',
    );
    expect(english.body).toContain('<link rel="alternate" hreflang="en" href="http://localhost:3000/campaigns">');
    expect(english.body).toContain(
      '<link rel="alternate" hreflang="x-default" href="http://localhost:3000/campaigns">',
    );
    const hausa = await page('/campaigns?lang=ha');
    expect(hausa.body).toContain('<link rel="canonical" href="http://localhost:3000/campaigns?lang=ha">');
    // Asked again in each language: each answer stays in its own language (two cache slots).
    for (let i = 0; i < 2; i++) {
      expect((await page('/campaigns')).body).toContain('<html lang="en">');
      expect((await page('/campaigns', { cookie: 'lang=ha' })).body).toContain('<html lang="ha">');
    }
  });

  it('shows a campaign in Hausa where staff wrote it, and the English with a note where not yet', async () => {
    const hausa = await page(`/campaign/${translated}`, { cookie: 'lang=ha' });
    expect(hausa.body).toMatch(/<h1[^>]*>Rijiyar burtsatse a Gezawa<\/h1>/);
    expect(hausa.body).toContain('<title>Rijiyar burtsatse a Gezawa');
    expect(hausa.body).toContain('An fara haƙa.');
    // The untranslated update is shown in English, marked as such for screen readers.
    expect(hausa.body).toContain('<p lang="en">Pump installed.</p>');
    expect(hausa.body).toContain(t('language.notYetInHausa', undefined, 'ha'));

    const english = await page(`/campaign/${translated}`);
    expect(english.body).toMatch(/<h1[^>]*>Borehole in Gezawa<\/h1>/);
    expect(english.body).not.toContain(t('language.notYetInHausa', undefined, 'en'));

    const fallback = await page(`/campaign/${untranslated}`, { cookie: 'lang=ha' });
    expect(fallback.body).toMatch(/<h1 lang="en">Classrooms in Dutse<\/h1>/);
    expect(fallback.body).toContain(t('language.notYetInHausa', undefined, 'ha'));
  });

  it('refuses an over-long Hausa text with the field named, and stores nothing', async () => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/campaigns',
      headers: { authorization: `Bearer ${app.token}` },
      payload: campaignPayload({ title: 'Too long', titleHa: 'x'.repeat(10_000) }),
    });
    expect(res.statusCode).toBe(400);
    const stored = await app.deps.db.selectFrom('campaigns').select('title').where('title', '=', 'Too long').execute();
    expect(stored).toEqual([]);
  });
});

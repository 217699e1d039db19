import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheNames, isStorable, LOCALES, overLimit, pageKey, strategyOf, variantOf } from '../../client/sw/rules';
import { FOUNDATION } from '../../shared/constants';
import { LOCALE_CODES } from '../../shared/messages';

const ORIGIN = 'https://site.example';
const navigate = (path: string) => strategyOf({ method: 'GET', mode: 'navigate', url: ORIGIN + path }, ORIGIN);
const load = (path: string, method = 'GET') => strategyOf({ method, mode: 'no-cors', url: ORIGIN + path }, ORIGIN);

describe('the service worker rules', () => {
  it('keeps the public pages, network first', () => {
    for (const page of [
      '/',
      '/campaigns',
      '/campaigns?category=Water',
      '/campaign/abc123',
      '/about',
      '/volunteer',
      '/partner',
      '/advocate',
      '/contact',
      '/donate',
      '/newsletter',
      '/newsletter/edition-1',
    ])
      expect(navigate(page), page).toBe('page');
  });

  it('never keeps staff pages, sign-in, password pages, pledges or the newsletter links', () => {
    for (const page of [
      '/admin',
      '/admin/campaigns',
      '/login',
      '/forgot-password',
      '/reset-password?token=x',
      '/pledge/ACDF-123',
      '/pledge-lookup',
      '/newsletter/confirm?token=x',
      '/newsletter/unsubscribe',
      '/offline',
    ])
      expect(navigate(page), page).toBe('private-page');
    expect(navigate('/administrators-guide')).toBe('page');
  });

  it('knows those pages in any case, as the server matches them, and never keeps a page asked with a token', () => {
    for (const page of [
      '/ADMIN',
      '/Admin/Campaigns',
      '/Login',
      '/Reset-Password?token=x',
      '/PLEDGE/ACDF-123',
      '/Pledge-Lookup',
      '/Newsletter/Confirm?token=x',
      '/NEWSLETTER/UNSUBSCRIBE',
      '/Offline',
      '/about?token=x',
      '/?Token=x',
      '/campaigns?%74oken=x',
    ])
      expect(navigate(page), page).toBe('private-page');
    for (const page of ['/About', '/CAMPAIGNS?category=Water', '/Newsletter/edition-1', '/?tokens=x'])
      expect(navigate(page), page).toBe('page');
  });

  it('leaves the API and tRPC alone, but for the campaign images', () => {
    expect(load('/api/campaigns')).toBe('none');
    expect(load('/trpc/campaign.list?input=x')).toBe('none');
    expect(load('/campaigns')).toBe('none');
    expect(navigate('/api/docs')).toBe('none');
    expect(load('/api/uploads/abc.webp?w=320')).toBe('image');
    expect(load('/api/uploads/abc.webp', 'POST')).toBe('none');
    expect(strategyOf({ method: 'GET', mode: 'no-cors', url: 'https://other.example/a.jpg' }, ORIGIN)).toBe('none');
  });

  it('keeps the build files and the site images until the next deploy', () => {
    for (const file of [
      '/assets/boot-abc.js',
      '/assets/inter-latin-abc.woff2',
      '/images/logo.svg',
      '/manifest.webmanifest',
    ])
      expect(load(file), file).toBe('static');
  });

  it('never keeps an answer marked private or no-store, nor a partial or foreign one', () => {
    const answer = (cacheControl: string | null, status = 200, type = 'basic') => ({
      status,
      type,
      headers: new Headers(cacheControl ? { 'cache-control': cacheControl } : {}),
    });
    expect(isStorable(answer('no-cache'))).toBe(true);
    expect(isStorable(answer(null))).toBe(true);
    expect(isStorable(answer('public, max-age=31536000, immutable'))).toBe(true);
    expect(isStorable(answer('private, no-store'))).toBe(false);
    expect(isStorable(answer('no-store'))).toBe(false);
    expect(isStorable(answer('max-age=0, Private'))).toBe(false);
    expect(isStorable(answer('no-cache', 404))).toBe(false);
    expect(isStorable(answer('no-cache', 200, 'opaque'))).toBe(false);
  });

  it('files pages by language and data-saver choice, from the answer', () => {
    expect(variantOf(new Headers({ 'content-language': 'ha', 'x-data-saver': 'on' }))).toEqual({
      lang: 'ha',
      saver: 'on',
    });
    expect(variantOf(new Headers({ 'content-language': 'en' }))).toEqual({ lang: 'en', saver: 'off' });
    expect(variantOf(new Headers())).toEqual({ lang: 'en', saver: 'off' });
    const names = cacheNames('v1');
    expect(names.pages({ lang: 'ha', saver: 'on' })).toBe('pages-v1-ha-saver-on');
    expect(names.static).toContain('v1');
    expect(pageKey('https://site.example/campaign/1?lang=ha#give')).toBe('https://site.example/campaign/1');
    expect(pageKey('https://site.example/campaigns?category=Water&lang=en')).toBe(
      'https://site.example/campaigns?category=Water',
    );
  });

  it('knows every language of the site', () => {
    expect([...LOCALES].sort()).toEqual([...LOCALE_CODES].sort());
  });

  it('drops the oldest entries beyond the count or the bytes', () => {
    expect(overLimit([1, 1, 1], 60, 100)).toBe(0);
    expect(overLimit(Array(62).fill(1), 60, 1000)).toBe(2);
    expect(overLimit([50, 30, 30], 60, 70)).toBe(1);
    expect(overLimit([10, 80], 60, 70)).toBe(2);
  });

  it('names the foundation in the web app manifest as the site does', () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../client/public/manifest.webmanifest'), 'utf8'),
    ) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: FOUNDATION.name,
      short_name: FOUNDATION.shortName,
      start_url: '/',
      display: 'standalone',
      theme_color: '#FFD02F',
      background_color: '#011513',
    });
  });
});

/**
 * What the service worker keeps, and where: pure functions, shared by the worker and its tests.
 *
 * - Public pages: network first, a copy kept per language and data-saver choice.
 * - Pages of one person or of the staff (their paths in any case, as the server matches them), a
 *   page asked with a mailed link's token, and everything under /api and /trpc: never kept. The
 *   one exception is /api/uploads/, the campaign images, which are the same for everyone.
 * - Any answer marked `Cache-Control: private` or `no-store`: never kept, whatever its path.
 */
import { DATA_SAVER_HEADER } from '../../shared/data-saver';
import type { Locale } from '../../shared/messages';
import { isPersonalPage } from '../../shared/page-privacy';

export const LOCALES = ['en', 'ha'] as const satisfies readonly Locale[];
export type Saver = 'on' | 'off';
export interface Variant {
  lang: Locale;
  saver: Saver;
}
export const VARIANTS: readonly Variant[] = LOCALES.flatMap((lang) =>
  (['off', 'on'] as const).map((saver) => ({ lang, saver })),
);

export type Strategy =
  /** A public page: network first (3 s), then the kept copy, then the offline page. */
  | 'page'
  /** A page never kept: the network, else the offline page. */
  | 'private-page'
  /** A campaign image: the kept copy first, kept in a capped cache. */
  | 'image'
  /** The build's files and the site's own images: the kept copy first, kept until the next deploy. */
  | 'static'
  /** Not the worker's business: the browser fetches it as if there were no worker. */
  | 'none';

/** The worker's own offline page, beside the pages of one person (shared/page-privacy.ts). */
const OFFLINE_PAGE = /^\/offline(?:\/|$)/i;
const UPLOADS = /^\/api\/uploads\//;
const API = /^\/(?:api|trpc|upload)(?:\/|$)/;
const STATIC = /^\/(?:assets|images|icons)\/|^\/manifest\.webmanifest$/;

export function strategyOf(request: { method: string; mode: string; url: string }, origin: string): Strategy {
  if (request.method !== 'GET') return 'none';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'none';
  if (UPLOADS.test(url.pathname)) return 'image';
  if (API.test(url.pathname)) return 'none';
  if (STATIC.test(url.pathname)) return 'static';
  if (request.mode !== 'navigate') return 'none';
  return isPersonalPage(url.pathname, url.search) || OFFLINE_PAGE.test(url.pathname) ? 'private-page' : 'page';
}

/** An answer that may be kept: a whole, same-origin 200 that nobody marked as personal. */
export function isStorable(response: { status: number; type: string; headers: Headers }): boolean {
  if (response.status !== 200 || response.type !== 'basic') return false;
  return !/(?:^|,)\s*(?:private|no-store)\b/i.test(response.headers.get('cache-control') ?? '');
}

/** The language and data-saver choice a page was rendered for, from its answer's headers. */
export function variantOf(headers: Headers): Variant {
  const lang = (headers.get('content-language') ?? '').split(/[-,\s]/)[0]?.toLowerCase();
  return {
    lang: LOCALES.find((code) => code === lang) ?? 'en',
    saver: headers.get(DATA_SAVER_HEADER) === 'on' ? 'on' : 'off',
  };
}

/** Every cache's name carries the build's version, so a deploy's worker drops the old ones (images excepted). */
export const cacheNames = (version: string) => ({
  static: `static-${version}`,
  pages: ({ lang, saver }: Variant) => `pages-${version}-${lang}-saver-${saver}`,
  /** Images keep their addresses across deploys (uploads are never changed in place): kept through updates. */
  images: 'images-1',
});

/**
 * Where a page's copy is kept: its address without the hash and without `?lang=`, since the language is
 * the cache's own (a shared link in Hausa and the plain address are the same page in that language).
 */
export function pageKey(url: string): string {
  const key = new URL(url);
  key.hash = '';
  key.searchParams.delete('lang');
  return key.href;
}

/** The oldest entries to drop so that at most `maxEntries` of at most `maxBytes` in all are left. */
export function overLimit(sizes: readonly number[], maxEntries: number, maxBytes: number): number {
  let total = sizes.reduce((sum, size) => sum + size, 0);
  let drop = 0;
  while (drop < sizes.length && (sizes.length - drop > maxEntries || total > maxBytes)) {
    total -= sizes[drop]!;
    drop++;
  }
  return drop;
}

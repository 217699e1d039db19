/**
 * How a page's address and the browser carry the visitor's language: a cookie the globe menu
 * sets, and `?lang=` on a shared link (docs/decisions/016-hausa-and-english.md).
 */
import type { Locale } from './messages';

export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_PARAM = 'lang';
/** A year: the choice is a preference, not a session. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/**
 * `path` (with its query) in `locale`, or with no language of its own when `locale` is omitted.
 * English is the plain address: what a visitor with no choice yet and every search engine gets.
 */
export function pathInLanguage(path: string, locale?: Locale): string {
  const [pathname = '/', query = ''] = path.split('?', 2);
  const params = new URLSearchParams(query);
  params.delete(LANGUAGE_PARAM);
  if (locale && locale !== 'en') params.set(LANGUAGE_PARAM, locale);
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

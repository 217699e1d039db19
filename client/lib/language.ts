/** The visitor's choice of language: a cookie the server reads to render every page in it. */
import type { Locale } from '../../shared/messages';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, pathInLanguage } from '../../shared/page-language';

export function rememberLanguage(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many phones' browsers.
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/**
 * Switches the site to `locale`: the page is fetched again, rendered by the server in the new
 * language (its texts, dates and the campaign's own words), with no flash of the old one.
 */
export function switchLanguage(locale: Locale): void {
  rememberLanguage(locale);
  // Without the hash: an address that differs only by its hash would scroll instead of loading.
  location.assign(pathInLanguage(location.pathname + location.search));
}

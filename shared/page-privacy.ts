/**
 * Which pages are one person's, in one place for the server's pages (server/pages.ts), its
 * response cache (server/http/response-cache.ts) and the service worker (client/sw/rules.ts).
 * Paths are matched in any case, as the page router matches them (regexparam's patterns ignore
 * case): /PLEDGE/{reference} shows the donor's pledge page, so it is that donor's page too.
 */

/** The pages the browser renders itself: sign-in, a forgotten password, and the staff area. */
export const CLIENT_ONLY_PATH = /^\/(?:login|forgot-password|reset-password|admin)(?:\/.*)?$/i;

/** The forgotten-password pages, whose address may carry a mailed link's token. */
export const PASSWORD_PAGE_PATH = /^\/(?:forgot-password|reset-password)(?:\/.*)?$/i;

/**
 * A donor's own page, "Find my pledge" (which answers one visitor's form post), and the pages of
 * the newsletter's mailed links. The newsletter's sent editions are public.
 */
const PERSONAL_PAGE_PATH = /^\/(?:pledge\/|pledge-lookup\/?$|newsletter\/(?:confirm|unsubscribe)\/?$)/i;

/** Whether a query carries a mailed link's token (its name in any case): what it shows is its holder's. */
export function carriesToken(search: string): boolean {
  if (!search.includes('=')) return false;
  for (const name of new URLSearchParams(search).keys()) if (name.toLowerCase() === 'token') return true;
  return false;
}

/**
 * A page that is one person's: never kept in a shared cache (the server's memory, a proxy, the
 * service worker) nor listed by search engines. `search` is the query, with or without its `?`.
 */
export const isPersonalPage = (pathname: string, search = ''): boolean =>
  PERSONAL_PAGE_PATH.test(pathname) || CLIENT_ONLY_PATH.test(pathname) || carriesToken(search);

/** A request's address split into its path and its query (with its `?`, or empty). */
export function splitUrl(url: string): { pathname: string; search: string } {
  const at = url.indexOf('?');
  return at === -1 ? { pathname: url, search: '' } : { pathname: url.slice(0, at), search: url.slice(at) };
}

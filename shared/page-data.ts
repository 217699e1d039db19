/** The id of the JSON script holding the data a server-rendered page was rendered from. */
export const APP_DATA_ID = 'app-data';
/** The id of the JSON script with staff's corrections of the page language's texts (none: no script). */
export const TEXT_OVERRIDES_ID = 'text-overrides';

/**
 * What that script holds: the page's path (a refused form post is answered at its REST path with
 * the form's page, which the browser then shows at the page's own address) and the query cache.
 */
export interface PageData {
  path: string;
  state: unknown;
  /**
   * The catalogue's texts the page shows, in its language: the browser hydrates with them and
   * loads the whole catalogue later (client/lib/catalogue.ts). Absent: load it before hydrating.
   */
  texts?: Record<string, string>;
}

/**
 * Texts sent with every page beside those it shows: the header's and footer's (menus that open on
 * a tap), the offline bar's and the network notices, shown without a tap, and dates.
 */
export const ALWAYS_SENT_TEXTS = ['shell.', 'footer.', 'nav.', 'common.', 'offline.', 'network.', 'date.'] as const;

/**
 * The data as a script's text: JSON with `<` escaped, so no string in it (a campaign title, say)
 * can close the script or open a comment; U+2028 and U+2029 for old parsers.
 */
export const serializeForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The only query parameters a public page reads: the campaigns page's filters, the form just
 * sent (shared/form-echo.ts), and where the newsletter archive's page starts. Any other parameter
 * leaves a page as it is, so it is no part of the key the page is kept under.
 */
export const PAGE_QUERY_PARAMS = ['location', 'category', 'sent', 'pledge', 'before'] as const;

/** The key a rendered page is kept under: its path and the parameters it reads, in one order. */
export function pageCacheKey(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  const kept = PAGE_QUERY_PARAMS.flatMap((name) => {
    const value = params.get(name);
    return value === null ? [] : [`${name}=${encodeURIComponent(value)}`];
  });
  return kept.length ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}

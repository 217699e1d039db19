/**
 * The server's entry (built by Vite's SSR build): renders a public page to HTML with React's
 * streaming renderer, from data the page's route prefetched through the server's tRPC helpers.
 * The same components as in the browser; the browser hydrates the result.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { catalogueKeys, catalogueText, getLocale, isCorrected, type MessageKey, watchTexts } from '../shared/messages';
import { ALWAYS_SENT_TEXTS } from '../shared/page-data';
import { App } from './app';
import { PAGE_PREFETCH, type PrefetchApi } from './page-prefetch';
import { matchPublicPage, NOT_FOUND_PAGE } from './routes';

export interface RenderedPage {
  status: 200 | 404;
  /** The markup of the app, for the root element. */
  html: string;
  /** The query cache the page was rendered from, for the browser to hydrate. */
  state: unknown;
  /** The catalogue's texts the page shows, in its language (see pageTexts). */
  texts: Record<string, string>;
}

/** The texts each render looks up: one set per request, however the renders interleave. */
const shownTexts = new AsyncLocalStorage<Set<MessageKey>>();
watchTexts((key) => shownTexts.getStore()?.add(key));

/**
 * The catalogue's texts a page shows, plus those of the parts every page may show without a tap
 * (ALWAYS_SENT_TEXTS): the browser hydrates with these alone and fetches the whole catalogue only
 * when the visitor first does something (client/lib/catalogue.ts). In the page they cost little,
 * since they repeat what its markup says.
 */
function pageTexts(shown: Set<MessageKey>, extra: readonly string[] = []): Record<string, string> {
  const locale = getLocale();
  const texts: Record<string, string> = {};
  const add = (key: string) => {
    // A text staff corrected comes in the page's corrections (text-overrides), never twice.
    if (isCorrected(key, locale)) return;
    const text = catalogueText(key, locale) ?? catalogueText(key, 'en');
    if (text !== undefined) texts[key] = text;
  };
  for (const key of shown) add(key);
  const prefixes = [...ALWAYS_SENT_TEXTS, ...extra];
  for (const key of catalogueKeys()) if (prefixes.some((prefix) => key.startsWith(prefix))) add(key);
  return texts;
}

/** Renders the whole tree once everything has resolved (lazy pages included), as one string. */
function renderToString(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(element, {
      // Written once everything is ready, with every Suspense boundary in place: no inline script
      // to reveal one later (the CSP would block it) and complete HTML for crawlers and the cache.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error);
      },
    });
  });
}

export function render(url: string, api: PrefetchApi): Promise<RenderedPage> {
  const shown = new Set<MessageKey>();
  const { page } = matchPublicPage(url.split('?')[0] ?? '/');
  return shownTexts.run(shown, async () => ({ ...(await renderPage(url, api)), texts: pageTexts(shown, page.texts) }));
}

async function renderPage(url: string, api: PrefetchApi): Promise<Omit<RenderedPage, 'texts'>> {
  const at = url.indexOf('?');
  const pathname = at === -1 ? url : url.slice(0, at);
  const search = at === -1 ? '' : url.slice(at);
  const { page, params } = matchPublicPage(pathname);
  const refused = await PAGE_PREFETCH[page.path]?.(api, params, new URLSearchParams(search));
  const status = page === NOT_FOUND_PAGE || refused === 404 ? 404 : 200;
  const html = await renderToString(
    <StrictMode>
      <App queryClient={api.queryClient} ssrPath={pathname} ssrSearch={search} />
    </StrictMode>,
  );
  const state = dehydrate(api.queryClient, {
    // Failed queries too: a page about something missing renders its 'not found' from them.
    shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
  });
  // A failure goes out as what the page reads of it, never as the server's error object.
  for (const query of state.queries) {
    const error = query.state.error as { message?: string; code?: string } | null;
    if (error) query.state.error = { message: error.message, data: { code: error.code } } as never;
    query.state.fetchFailureReason = null;
  }
  return { status, html, state };
}

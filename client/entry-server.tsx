/**
 * The server's entry (built by Vite's SSR build): renders a public page to HTML with React's
 * streaming renderer, from data the page's route prefetched through the server's tRPC helpers.
 * The same components as in the browser; the browser hydrates the result.
 */
import { PassThrough } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { App } from './app';
import { matchPublicPage, NOT_FOUND_PAGE, type PrefetchApi } from './routes';

export interface RenderedPage {
  status: 200 | 404;
  /** The markup of the app, for the root element. */
  html: string;
  /** The query cache the page was rendered from, for the browser to hydrate. */
  state: unknown;
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

export async function render(url: string, api: PrefetchApi): Promise<RenderedPage> {
  const at = url.indexOf('?');
  const pathname = at === -1 ? url : url.slice(0, at);
  const search = at === -1 ? '' : url.slice(at);
  const { page, params } = matchPublicPage(pathname);
  const refused = await page.prefetch?.(api, params, new URLSearchParams(search));
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

/**
 * The site's service worker, served at /sw.js (scripts/build.mjs bundles it with the build's
 * version and the list of files to keep ahead). A small one of our own rather than Workbox's
 * runtime: the rules of what is never kept (client/sw/rules.ts) are ours to read in one place,
 * and a phone fetches a few kilobytes instead of several times that.
 *
 * - Installed: the styles, the app's entry code, the site's logo and the offline page in each
 *   language are kept ahead (the web fonts are kept as pages use them); the new worker takes over
 *   at once and drops the old caches.
 * - A public page comes from the network; after 3 s without an answer, or with none at all, from
 *   the copy kept of it, marked `X-Served-From: cache` and `X-Cached-At` (the page's offline bar
 *   asks the worker which pages it answered from a copy). Without a copy: the offline page.
 * - Campaign images come from their copy first, in a cache capped at 60 images or 20 MB.
 * - Forms kept on the phone while offline are sent on Background Sync's `send-forms`.
 */
import { DATA_SAVER_COOKIE } from '../../shared/data-saver';
import { LANGUAGE_COOKIE } from '../../shared/page-language';
import { SEND_FORMS_TAG, sendQueuedForms } from '../offline/form-outbox';
import {
  cacheNames,
  isStorable,
  LOCALES,
  overLimit,
  pageKey,
  strategyOf,
  VARIANTS,
  type Variant,
  variantOf,
} from './rules';

/** Set by the build (scripts/build.mjs). */
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: readonly string[];

/** The little of the worker's global scope used here (the project's types are the window's). */
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly resultingClientId: string;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventOfWorker extends ExtendableEvent {
  readonly data: unknown;
  readonly source: { id: string; postMessage(message: unknown): void } | null;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: { navigationPreload?: { enable(): Promise<void> } };
  readonly clients: { claim(): Promise<void> };
  readonly navigator: { connection?: { saveData?: boolean } };
  readonly cookieStore?: { get(name: string): Promise<{ value: string } | null> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventOfWorker) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

const CACHES = cacheNames(__SW_VERSION__);
const NETWORK_WAIT_MS = 3000;
const MAX_PAGES = 50;
const MAX_IMAGES = 60;
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const offlinePath = (lang: string) => `/offline?lang=${lang}`;

/** The pages this worker answered from a copy, by the window they opened in: when each copy was made. */
const servedFromCopy = new Map<string, string>();
/** The language and data-saver choice of the last page that came from the network. */
let lastVariant: Variant | undefined;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHES.static);
      // Hashed files are never changed in place: the browser's HTTP cache may answer for them.
      await cache.addAll(__SW_PRECACHE__);
      await Promise.all(
        LOCALES.map(async (lang) => {
          const request = new Request(offlinePath(lang), { headers: { accept: 'text/html' }, cache: 'no-cache' });
          const response = await fetch(request);
          if (!response.ok) throw new Error(`The offline page answered ${response.status}`);
          await cache.put(offlinePath(lang), response);
        }),
      );
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([CACHES.static, CACHES.images, ...VARIANTS.map(CACHES.pages)]);
      await Promise.all((await caches.keys()).filter((name) => !keep.has(name)).map((name) => caches.delete(name)));
      // Pages then start loading while the worker wakes, rather than after.
      await worker.registration.navigationPreload?.enable();
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const strategy = strategyOf(event.request, worker.location.origin);
  if (strategy === 'page') event.respondWith(page(event));
  else if (strategy === 'private-page') event.respondWith(privatePage(event));
  else if (strategy === 'image') event.respondWith(image(event));
  else if (strategy === 'static') event.respondWith(staticFile(event));
});

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: string; page?: unknown; files?: unknown } | null;
  if (data?.type === 'cached-at' && event.source) {
    event.source.postMessage({ type: 'cached-at', at: servedFromCopy.get(event.source.id) ?? null });
  } else if (data?.type === 'keep' && typeof data.page === 'string' && Array.isArray(data.files)) {
    // The page the worker was installed from loaded before it was in control: it sends its
    // address and its files to be kept as if they had come through the worker.
    event.waitUntil(
      keep(
        data.page,
        data.files.filter((url): url is string => typeof url === 'string'),
      ),
    );
  }
});

worker.addEventListener('sync', (event) => {
  if (event.tag !== SEND_FORMS_TAG) return;
  // A rejection asks the browser to try again later, with the forms still waiting.
  event.waitUntil(
    sendQueuedForms().then(({ left }) => {
      if (left > 0) throw new Error(`${left} forms still waiting`);
    }),
  );
});

const wait = (ms: number) => new Promise<undefined>((resolve) => setTimeout(resolve, ms));

async function page(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const network = (async () => (await event.preloadResponse) ?? (await fetch(request)))();
  // Registered before anything reads the answer, so the copy is taken before its body is used.
  const kept = network.then((response) => (isStorable(response) ? keepPage(request.url, response.clone()) : undefined));
  event.waitUntil(kept.catch(() => undefined));
  // Settled: the network's answer or its failure; undefined: still waiting after 3 s.
  const first = await Promise.race([
    network.then(
      (response) => ({ response }),
      () => ({ response: undefined }),
    ),
    wait(NETWORK_WAIT_MS),
  ]);
  // A server that is down behind its proxy answers 502 to 504: a kept copy is better.
  if (first?.response && first.response.status < 502) return first.response;
  const copy = await findPage(request.url);
  if (copy) {
    const at = copy.headers.get('x-cached-at') ?? '';
    if (event.resultingClientId) {
      servedFromCopy.set(event.resultingClientId, at);
      // Windows long closed need no answer: the oldest go.
      for (const id of [...servedFromCopy.keys()].slice(0, -20)) servedFromCopy.delete(id);
    }
    const headers = new Headers(copy.headers);
    headers.set('x-served-from', 'cache');
    return new Response(copy.body, { status: copy.status, statusText: copy.statusText, headers });
  }
  if (first?.response) return first.response;
  if (!first) {
    try {
      return await network;
    } catch {
      // Offline after all: the offline page below.
    }
  }
  return offlinePage(request.url);
}

async function privatePage(event: FetchEvent): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    return offlinePage(event.request.url);
  }
}

async function image(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHES.images);
  const copy = await cache.match(event.request, { ignoreVary: true });
  if (copy) return copy;
  try {
    const response = await fetch(event.request);
    if (isStorable(response)) event.waitUntil(keepImage(cache, event.request.url, response.clone()));
    return response;
  } catch (error) {
    // Offline, a kept copy of the same photo at another width (`?w=`) beats none.
    const other = await cache.match(event.request, { ignoreVary: true, ignoreSearch: true });
    if (other) return other;
    throw error;
  }
}

async function staticFile(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHES.static);
  const copy = await cache.match(event.request, { ignoreSearch: false, ignoreVary: true });
  if (copy) return copy;
  const response = await fetch(event.request);
  if (isStorable(response)) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

/** An answer's headers for a copy made of its body, which is kept decoded. */
function copyHeaders(response: Response): Headers {
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return headers;
}

/** Keeps a page in its language's and data-saver choice's cache, stamped with when. */
async function keepPage(url: string, response: Response): Promise<void> {
  const variant = variantOf(response.headers);
  lastVariant = variant;
  const headers = copyHeaders(response);
  headers.set('x-cached-at', new Date().toISOString());
  const body = await response.blob();
  const cache = await caches.open(CACHES.pages(variant));
  await cache.put(pageKey(url), new Response(body, { status: 200, statusText: response.statusText, headers }));
  await trim(cache, MAX_PAGES, Number.POSITIVE_INFINITY);
}

async function keepImage(cache: Cache, url: string, response: Response): Promise<void> {
  const body = await response.blob();
  const headers = copyHeaders(response);
  headers.set('x-size', String(body.size));
  await cache.put(url, new Response(body, { status: 200, statusText: response.statusText, headers }));
  await trim(cache, MAX_IMAGES, MAX_IMAGE_BYTES);
}

/** Drops the oldest entries (a cache lists them in the order they were put) beyond the limits. */
async function trim(cache: Cache, maxEntries: number, maxBytes: number): Promise<void> {
  const keys = await cache.keys();
  if (keys.length <= maxEntries && maxBytes === Number.POSITIVE_INFINITY) return;
  const sizes = await Promise.all(
    keys.map(async (key) => Number((await cache.match(key))?.headers.get('x-size') ?? 0)),
  );
  const drop = overLimit(sizes, maxEntries, maxBytes);
  await Promise.all(keys.slice(0, drop).map((key) => cache.delete(key)));
}

/** The visitor's language and data-saver choice now, as far as the worker can tell. */
async function preferredVariant(url: string): Promise<Partial<Variant>> {
  const cookie = async (name: string) => (await worker.cookieStore?.get(name).catch(() => null))?.value;
  const asked = new URL(url).searchParams.get('lang') ?? (await cookie(LANGUAGE_COOKIE));
  const lang = LOCALES.find((code) => code === asked) ?? lastVariant?.lang;
  // The switch's choice wins over the browser's Save-Data, as on the server (shared/data-saver.ts).
  const chosen = await cookie(DATA_SAVER_COOKIE);
  const saver = chosen === 'on' || chosen === 'off' ? chosen : worker.navigator.connection?.saveData ? 'on' : undefined;
  return { lang, saver: saver ?? (worker.cookieStore ? 'off' : lastVariant?.saver) };
}

/**
 * The page's kept copy in the visitor's language and data-saver choice; else the newest copy in
 * another (a page in the other language beats no page).
 */
async function findPage(url: string): Promise<Response | undefined> {
  const preferred = await preferredVariant(url);
  const key = pageKey(url);
  const copies = await Promise.all(
    VARIANTS.map(async (variant) => {
      const copy = await (await caches.open(CACHES.pages(variant))).match(key, { ignoreVary: true });
      const score =
        (variant.lang === preferred.lang ? 2 : 0) +
        (variant.saver === preferred.saver ? 1 : 0) +
        (Date.parse(copy?.headers.get('x-cached-at') ?? '') || 0) / 1e15;
      return { copy, score };
    }),
  );
  return copies.filter((entry) => entry.copy).sort((a, b) => b.score - a.score)[0]?.copy;
}

async function offlinePage(url: string): Promise<Response> {
  const { lang = 'en' } = await preferredVariant(url);
  const cache = await caches.open(CACHES.static);
  const copy = (await cache.match(offlinePath(lang))) ?? (await cache.match(offlinePath('en')));
  return copy ?? new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * Keeps a page and the files it loaded before the worker was in control. Fetched again, they come
 * from the browser's HTTP cache or as a 304 for the page: next to nothing on the network.
 */
async function keep(page: string, files: string[]): Promise<void> {
  const origin = worker.location.origin;
  const entries = [
    { url: page, strategy: strategyOf({ method: 'GET', mode: 'navigate', url: page }, origin) },
    ...files.map((url) => ({ url, strategy: strategyOf({ method: 'GET', mode: 'no-cors', url }, origin) })),
  ];
  await Promise.all(
    entries.map(async ({ url, strategy }) => {
      if (strategy !== 'page' && strategy !== 'static' && strategy !== 'image') return;
      try {
        const response = await fetch(url, strategy === 'page' ? { headers: { accept: 'text/html' } } : {});
        if (!isStorable(response)) return;
        if (strategy === 'page') await keepPage(url, response);
        else if (strategy === 'image') await keepImage(await caches.open(CACHES.images), url, response);
        else await (await caches.open(CACHES.static)).put(url, response);
      } catch {
        // Gone offline meanwhile: the next visit keeps them.
      }
    }),
  );
}

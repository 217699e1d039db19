/**
 * Public answers served from memory: the server-rendered public pages, the REST campaign list
 * (each filter combination on demand) and detail, and the site's public tRPC queries. Each answer is kept as bytes per public data version
 * (server/db/public-data-version.ts), compressed once per encoding, with a strong ETag; a hit is
 * answered from the onRequest hook without routing to a handler, reading the database or
 * serialising anything. Every change of the data drops the lot.
 *
 * The lookup runs right after the host check and the request's language, and writes a hit straight to the socket, with the
 * headers the answer first went out with (helmet's included): no other hook, handler, query or
 * serialisation runs, and neither the rate limit nor the request log sees it (it costs next to
 * nothing). Misses run as usual and
 * are stored in onSend, ahead of @fastify/compress, which leaves an answer alone once it has a
 * Content-Encoding. A cross-origin request (with an Origin header) is neither served nor stored
 * here, so CORS headers are decided per request and never shared. Nor is one person's page, in any
 * case of its path, or any answer asked with a link's token (shared/page-privacy.ts).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATA_SAVER_HEADER, isDataSaver } from '../../shared/data-saver';
import { getLocale } from '../../shared/messages';
import { pageCacheKey } from '../../shared/page-data';
import { isPersonalPage, splitUrl } from '../../shared/page-privacy';
import type { PublicDataVersion } from '../db/public-data-version';
import { type ContentCoding, etagOf as etagOfTag, namesTag, tagOf } from './entity-tags';
import { TRPC_ROUTE, trpcProcedures } from './rate-limit';
import { languageVary } from './request-locale';
import { wantsPage } from './wants-page';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * GET answers of this route are the same for everyone: keep them per public data version. `page`:
     * the route answers pages only, kept by path and the parameters pages read.
     */
    publicCache?: boolean | 'page';
  }
  interface FastifyRequest {
    /** Set on a miss: where onSend stores the answer. */
    cacheSlot?: { key: string; version: number };
  }
}

/** tRPC queries whose answer is the same for every caller. */
const PUBLIC_QUERIES = new Set([
  'campaign.list',
  'campaign.cards',
  'campaign.byId',
  'campaign.countByLocation',
  'settings.public',
  'pledge.supporters',
  'texts.corrections',
]);

/** Bounds, so odd query strings cannot grow memory without end; the least recently used go first. */
const MAX_ENTRIES = 256;
const MAX_BYTES = 32 * 1024 * 1024;

type Encoding = ContentCoding;
/**
 * A browser navigation and a fetch differ (page or JSON), and so do encodings and languages: a
 * page's language comes from its cookie or Accept-Language, the API's from Accept-Language. A
 * page also differs with data saver (Save-Data, or the cookie).
 */
const varyOf = (entry: Pick<Entry, 'key'>) => {
  const page = entry.key.startsWith('page ');
  return ['Accept', 'Accept-Encoding', ...languageVary(page), ...(page ? ['Save-Data'] : [])].join(', ');
};
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const compress = (bytes: Buffer, encoding: Encoding) =>
  encoding === 'br'
    ? brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzip(bytes, { level: 9 });

interface Entry {
  key: string;
  version: number;
  /** The headers the answer first went out with, but for those set per client below. */
  headers: Record<string, string | string[] | number>;
  identity: Buffer;
  /** Strong validator of the identity bytes; each encoding adds its suffix. */
  tag: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The encoded bodies once made, so a hit needs no promise. */
  ready: Partial<Record<Encoding, Buffer>>;
  /** The header set per encoding, made on first use. */
  heads: Partial<Record<Encoding | 'identity', Record<string, string | string[] | number>>>;
  size: number;
}

/** Set per client, or by the transport: never replayed from an entry. */
const PER_CLIENT = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'vary',
  'cache-control',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-request-id',
]);

/**
 * Set by the page's handler (on Fastify's reply, not the raw response) and the same for everyone
 * who gets that entry: which language and which data-saver choice the page was made in.
 */
const PAGE_HEADERS = ['content-language', DATA_SAVER_HEADER];

const etagOf = (entry: Entry, encoding: Encoding | null) => etagOfTag(entry.tag, encoding);

/** The best encoding the client takes: brotli, then gzip, else none. q=0 refuses. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const offered = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Any of the entry's tags (one per encoding) in If-None-Match, weak or strong, or `*`. */
function matchesTag(ifNoneMatch: string | undefined, entry: Entry): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || namesTag(tag, entry.tag);
  });
}

function isCacheable(req: FastifyRequest): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.origin !== undefined) return false;
  // routeOptions is made afresh at each read: read it once.
  const route = req.routeOptions;
  return (
    route.config?.publicCache === true ||
    route.config?.publicCache === 'page' ||
    (route.url === TRPC_ROUTE && trpcProcedures(req).every((name) => PUBLIC_QUERIES.has(name)))
  );
}

const isPage = (req: FastifyRequest) => req.routeOptions.config?.publicCache === 'page' || wantsPage(req);

/**
 * Never one person's page (its path in any case), nor a page asked with a mailed link's token,
 * which its key (pageCacheKey keeps only the parameters pages read) would otherwise hand to the
 * next request without one (shared/page-privacy.ts). JSON is kept under its whole address.
 */
function isPersonal(req: FastifyRequest): boolean {
  const { pathname, search } = splitUrl(req.url);
  return isPersonalPage(pathname, search);
}

/**
 * A browser navigation may get a page on the same path: it never shares a slot with JSON. A page
 * is kept under its language, the data-saver choice, its path and the parameters it reads, so
 * junk query strings share its slot.
 */
const keyOf = (req: FastifyRequest, page: boolean) =>
  page
    ? `page ${getLocale()} ${isDataSaver(req.headers) ? 'saver' : 'full'} ${pageCacheKey(req.url)}`
    : `data ${getLocale()} ${req.url}`;

export interface ResponseCache {
  /** What the cache has done, for tests and the bench. */
  stats(): { entries: number; bytes: number; hits: number; misses: number; compressions: number; hitBytes: number };
}

export function registerResponseCache(app: FastifyInstance, publicDataVersion: PublicDataVersion): ResponseCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  // hitBytes: body bytes written by hits (server/http/metrics.ts reads these).
  const counts = { hits: 0, misses: 0, compressions: 0, hitBytes: 0 };
  publicDataVersion.onChange(() => {
    entries.clear();
    bytes = 0;
  });

  const remember = (key: string, entry: Entry) => {
    const old = entries.get(key);
    if (old) bytes -= old.size;
    entries.set(key, entry);
    bytes += entry.size;
    for (const [oldest, evicted] of entries) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      entries.delete(oldest);
      bytes -= evicted.size;
    }
  };

  const encodedBody = (entry: Entry, encoding: Encoding) => {
    let promise = entry.encoded[encoding];
    if (!promise) {
      counts.compressions++;
      promise = compress(entry.identity, encoding).then((body) => {
        entry.ready[encoding] = body;
        entry.size += body.length;
        // An entry dropped while it was compressed no longer counts.
        if (entries.get(entry.key) === entry) bytes += body.length;
        return body;
      });
      entry.encoded[encoding] = promise;
    }
    return promise;
  };

  /** The full header set of an entry in one encoding (or none), made once and reused. */
  function headersOf(entry: Entry, encoding: Encoding | null): Record<string, string | string[] | number> {
    const slot = encoding ?? 'identity';
    entry.heads[slot] ??= {
      ...entry.headers,
      vary: varyOf(entry),
      'cache-control': 'no-cache',
      etag: etagOf(entry, encoding),
      ...(encoding ? { 'content-encoding': encoding } : {}),
    };
    return entry.heads[slot];
  }

  /**
   * Writes a hit straight to the socket (the reply is hijacked): no other hook, no serialiser, and
   * one prepared header set. HEAD gets the headers without the body, a matching If-None-Match 304.
   */
  function writeHit(req: FastifyRequest, reply: FastifyReply, entry: Entry): void {
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const head = headersOf(entry, encoding);
    reply.hijack();
    const res = reply.raw;
    if (matchesTag(req.headers['if-none-match'], entry)) {
      res.writeHead(304, {
        etag: etagOf(entry, encoding),
        vary: varyOf(entry),
        'cache-control': 'no-cache',
      });
      res.end();
      return;
    }
    const write = (body: Buffer) => {
      if (req.method !== 'HEAD') counts.hitBytes += body.length;
      res.writeHead(200, { ...head, 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const ready = encoding ? entry.ready[encoding] : entry.identity;
    if (ready) write(ready);
    else encodedBody(entry, encoding!).then(write, () => res.destroy());
  }

  /** Answers from memory when it can (true); otherwise marks where the answer goes (false). */
  function lookup(req: FastifyRequest, reply: FastifyReply, key: string, version: number): boolean {
    const entry = entries.get(key);
    if (entry?.version !== version) {
      counts.misses++;
      req.cacheSlot = { key, version };
      return false;
    }
    counts.hits++;
    // Most recently used last, so eviction takes the coldest.
    entries.delete(key);
    entries.set(key, entry);
    writeHit(req, reply, entry);
    return true;
  }

  // A callback hook, not an async one: a hit is answered without a promise on the way.
  app.addHook('onRequest', (req, reply, done) => {
    if (!isCacheable(req)) return done();
    const page = isPage(req);
    if (page && isPersonal(req)) return done();
    const key = keyOf(req, page);
    const version = publicDataVersion.current();
    if (typeof version === 'number') {
      if (!lookup(req, reply, key, version)) done();
      return;
    }
    version.then(
      (v) => {
        if (!lookup(req, reply, key, v)) done();
      },
      (error: Error) => done(error),
    );
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const slot = req.cacheSlot;
    if (!slot || reply.statusCode !== 200) return payload;
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (!/^(?:application\/json|application\/xml|text\/html)/.test(contentType) || reply.hasHeader('set-cookie'))
      return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const identity = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    // What every client gets: the security headers (set on the raw response by helmet) and the
    // content type. Rate-limit counters and CORS answers belong to the request that made them.
    const headers: Entry['headers'] = { 'content-type': contentType };
    for (const [name, value] of Object.entries(reply.raw.getHeaders())) {
      if (value !== undefined && !PER_CLIENT.has(name)) headers[name] = value;
    }
    for (const name of PAGE_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = value;
    }
    const entry: Entry = {
      key: slot.key,
      version: slot.version,
      headers,
      identity,
      tag: tagOf(identity),
      encoded: {},
      ready: {},
      heads: {},
      size: identity.length,
    };
    remember(slot.key, entry);
    // This first answer goes out through Fastify as usual, with the same headers as the hits.
    const encoding = pickEncoding(req.headers['accept-encoding']);
    reply.headers(headersOf(entry, encoding));
    if (matchesTag(req.headers['if-none-match'], entry)) {
      reply.code(304);
      return null;
    }
    return encoding ? encodedBody(entry, encoding) : identity;
  });

  return { stats: () => ({ entries: entries.size, bytes, ...counts }) };
}

/**
 * Prometheus metrics at `GET /metrics` (docs/operations.md, "Alerts"): requests by route template,
 * the response cache, page renders, the database's connections, the mail outbox, sign-in
 * refusals, rate-limit refusals, the last backup and Node's own process figures.
 *
 * Off unless METRICS_TOKEN or METRICS_PORT is set. With METRICS_TOKEN the app serves them to a
 * bearer of that token; with METRICS_PORT a listener of their own serves them on
 * METRICS_HOST:METRICS_PORT (a private address) and the app does not. Each app has its own
 * registry, never prom-client's global one, so several apps in one process count apart.
 *
 * Labels are bounded: a request is labelled by its route's template (`/campaigns/:id`), never by
 * its URL, and every path no route matched shares one value. Figures that live in the database
 * or on disk (the outbox, the backups) are read when a scrape asks, at most every few seconds.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { t } from '../../shared/messages';
import type { Config } from '../config';
import { type DB, poolStats } from '../db/database';
import { UnauthorizedError } from '../errors';
import type { ResponseCache } from './response-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics; null when they are off (no METRICS_TOKEN or METRICS_PORT). */
    metrics: AppMetrics | null;
  }
  interface FastifyRequest {
    /** When the request began (performance.now()), while it is in flight; 0 once counted out. */
    metricsStartedAt: number;
  }
}

export const METRICS_PATH = '/metrics';
/** The route label of every request no route matched: unknown paths are one value, not one each. */
export const UNMATCHED_ROUTE = 'unmatched';
/** Figures read from the database or the disk are reused this long, so scrapes cannot hammer them. */
const SOURCE_TTL_MS = 5_000;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

/** What happened to a sign-in, published by the auth service (server/auth/service.ts). */
export type SignInEvent =
  /** Wrong email or password, or a disabled account: audited as auth.login.failed. */
  | 'failed'
  /** The failure that locked an account for unknown browsers: audited as auth.account.locked. */
  | 'locked'
  /** Refused unchecked: the account is locked, or the client address is over its sign-in limit. */
  | 'refused';

const signInChannel = diagnostics.channel('foundation.sign-in');

/** Counts a sign-in outcome in the metrics of every app in this process (none when they are off). */
export const noteSignIn = (event: SignInEvent): void => {
  if (signInChannel.hasSubscribers) signInChannel.publish(event);
};

export interface OutboxFigures {
  /** Waiting to be sent, or being sent. */
  queued: number;
  /** Of those, back in the queue after a failed attempt. */
  retrying: number;
  /** Given up on (kept for a while: see server/mail/outbox-admin.ts). */
  failed: number;
  /** Age of the oldest message still waiting, outside held batches; 0 when none waits. */
  oldestQueuedSeconds: number;
}

export interface BackupFigures {
  at: Date;
  bytes: number;
}

/** Where the figures of the areas come from: given by the composition (server/app.ts). */
export interface MetricsSources {
  db: DB;
  /** The response cache's counts (server/http/response-cache.ts). */
  cacheStats: ResponseCache['stats'];
  outbox: () => Promise<OutboxFigures>;
  /** The newest backup in BACKUP_DIR; undefined when there is none (or no BACKUP_DIR). */
  latestBackup: () => BackupFigures | undefined;
}

export interface AppMetrics {
  registry: Registry;
  requestDuration: Histogram<'route' | 'method' | 'status_class'>;
  requestsInFlight: Gauge;
  /** Page renders (server/pages.ts): call the answer when the page is made. */
  pageRender: Histogram;
  /** A request refused by the rate limit, by the budget it spent. */
  rateLimited(budget: string): void;
  /** Stops what the metrics started (the sign-in subscription). */
  close(): void;
}

/** Serves metrics on the app (a token) or on a listener of their own (a port), or not at all. */
export const metricsEnabled = (config: Config) =>
  config.metrics.token !== undefined || config.metrics.port !== undefined;

/** A value read at most every SOURCE_TTL_MS; concurrent scrapes share one read. */
function cached<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > SOURCE_TTL_MS) {
      const value = read();
      last = { at: now, value };
      // A failed read is not kept: the next scrape tries again.
      value.catch(() => {
        if (last?.value === value) last = undefined;
      });
    }
    return last.value;
  };
}

export function createMetrics(sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route template, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const requestsInFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests being answered now',
    registers,
  });

  // The response cache keeps its own counts (answering a hit costs next to nothing); they are read here.
  const seen = { hits: 0, misses: 0, hitBytes: 0 };
  const cacheCounter = (name: string, help: string, key: keyof typeof seen) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        const now = sources.cacheStats()[key];
        this.inc(Math.max(0, now - seen[key]));
        seen[key] = now;
      },
    });
  cacheCounter('foundation_response_cache_hits_total', 'Public answers served from memory', 'hits');
  cacheCounter('foundation_response_cache_misses_total', 'Cacheable answers made afresh', 'misses');
  cacheCounter('foundation_response_cache_served_bytes_total', 'Body bytes served from memory', 'hitBytes');
  new Gauge({
    name: 'foundation_response_cache_bytes',
    help: 'Bytes the response cache holds',
    registers,
    collect() {
      this.set(sources.cacheStats().bytes);
    },
  });

  const pageRender = new Histogram({
    name: 'foundation_page_render_seconds',
    help: 'Time to render a public page on the server, its data included',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });

  const pool = (name: string, help: string, key: 'size' | 'idle' | 'waiting') =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const stats = poolStats(sources.db);
        if (stats) this.set(stats[key]);
      },
    });
  pool('foundation_db_pool_connections', 'Database connections open (the embedded database: 1)', 'size');
  pool('foundation_db_pool_idle', 'Database connections waiting for work', 'idle');
  pool('foundation_db_pool_waiting', 'Queries waiting for a database connection', 'waiting');

  const outbox = cached(sources.outbox);
  const mail = (name: string, help: string, key: keyof OutboxFigures) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.set((await outbox())[key]);
      },
    });
  mail('foundation_mail_outbox_queued', 'Mail waiting to be sent or being sent', 'queued');
  mail('foundation_mail_outbox_retrying', 'Mail waiting again after a failed attempt', 'retrying');
  mail('foundation_mail_outbox_failed', 'Mail given up on, still in the outbox', 'failed');
  mail(
    'foundation_mail_outbox_oldest_queued_seconds',
    'Age of the oldest mail still waiting (0 when none waits)',
    'oldestQueuedSeconds',
  );

  const backup = cached(async () => sources.latestBackup());
  new Gauge({
    name: 'foundation_backup_last_timestamp_seconds',
    help: 'When the newest backup in BACKUP_DIR was written, in Unix seconds (0: none)',
    registers,
    async collect() {
      const latest = await backup();
      this.set(latest ? Math.floor(latest.at.getTime() / 1000) : 0);
    },
  });
  new Gauge({
    name: 'foundation_backup_last_size_bytes',
    help: 'Size of the newest backup in BACKUP_DIR (0: none)',
    registers,
    async collect() {
      this.set((await backup())?.bytes ?? 0);
    },
  });

  const signIns = {
    failed: new Counter({
      name: 'foundation_sign_in_failures_total',
      help: 'Sign-ins refused for a wrong email or password, or a disabled account',
      registers,
    }),
    locked: new Counter({
      name: 'foundation_sign_in_lockouts_total',
      help: 'Accounts locked for unknown browsers after repeated failed sign-ins',
      registers,
    }),
    refused: new Counter({
      name: 'foundation_sign_in_refusals_total',
      help: 'Sign-ins refused unchecked: a locked account, or a client address over its limit',
      registers,
    }),
  } satisfies Record<SignInEvent, Counter>;
  const onSignIn = (event: unknown) => signIns[event as SignInEvent]?.inc();
  signInChannel.subscribe(onSignIn);

  const rateLimited = new Counter({
    name: 'foundation_rate_limit_refusals_total',
    help: 'Requests refused by the rate limit (429), by the budget they spent',
    labelNames: ['budget'],
    registers,
  });

  return {
    registry,
    requestDuration,
    requestsInFlight,
    pageRender,
    rateLimited: (budget) => rateLimited.inc({ budget }),
    close: () => signInChannel.unsubscribe(onSignIn),
  };
}

/** `2xx` … `5xx`. */
const statusClass = (code: number) => `${Math.floor(code / 100)}xx`;

/**
 * Times every request and counts those in flight: registered before any other onRequest hook, so
 * refusals of unknown hosts and answers from the response cache count too.
 */
export function instrumentRequests(app: FastifyInstance, metrics: AppMetrics): void {
  const { requestDuration: duration, requestsInFlight: inFlight } = metrics;
  app.decorateRequest('metricsStartedAt', 0);
  /** Counted out once: when the answer is sent, or when the client goes away first. */
  const settle = (req: FastifyRequest) => {
    if (req.metricsStartedAt === 0) return false;
    inFlight.dec();
    const seconds = (performance.now() - req.metricsStartedAt) / 1000;
    req.metricsStartedAt = 0;
    return seconds;
  };
  app.addHook('onRequest', (req, _reply, done) => {
    req.metricsStartedAt = performance.now();
    inFlight.inc();
    done();
  });
  // After the last byte, hits of the response cache included (Fastify listens for it even on a
  // hijacked reply).
  app.addHook('onResponse', (req, reply, done) => {
    const seconds = settle(req);
    if (seconds !== false)
      duration.observe(
        {
          route: routeOf(req),
          method: METHODS.has(req.method) ? req.method : 'other',
          status_class: statusClass(reply.statusCode),
        },
        seconds,
      );
    done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    settle(req);
    done();
  });
}

/** The template of the route the request matched; one value for all it did not. */
const routeOf = (req: FastifyRequest) => (req.is404 ? UNMATCHED_ROUTE : (req.routeOptions.url ?? UNMATCHED_ROUTE));

/** The same digest length whatever was sent, so the comparison takes the same time. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the Authorization header carries the bearer token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token)) && sent.length > 0;
}

/** The app's own `GET /metrics`, for a bearer of METRICS_TOKEN: only when no listener of its own serves them. */
export function metricsRoute(app: FastifyInstance, metrics: AppMetrics, config: Config): void {
  const { token, port } = config.metrics;
  if (token === undefined || port !== undefined) return;
  app.get(
    METRICS_PATH,
    {
      // Scrapes come every few seconds: only their failures are logged.
      logLevel: 'warn',
      // A scrape reads no page text: it never waits for the corrected texts.
      config: { budget: 'staff', texts: false },
      schema: { hide: true },
    },
    async (req, reply) => {
      if (!bearerMatches(req.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new UnauthorizedError(t('auth.unauthorized'));
      }
      const body = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
    },
  );
}

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * The listener of METRICS_HOST:METRICS_PORT: `GET /metrics` and nothing else, for a bearer of
 * METRICS_TOKEN when it is set too.
 */
export async function startMetricsListener(
  metrics: AppMetrics,
  options: { host: string; port: number; token: string | undefined },
): Promise<MetricsListener> {
  const json = (res: http.ServerResponse, status: number, message: string, headers: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    });
    res.end(JSON.stringify({ message }));
  };
  const server = http.createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] !== METRICS_PATH) return json(res, 404, t('request.notFound'));
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return json(res, 405, t('request.methodNotAllowed'), { allow: 'GET, HEAD' });
    if (options.token !== undefined && !bearerMatches(req.headers.authorization, options.token))
      return json(res, 401, t('auth.unauthorized'), { 'www-authenticate': 'Bearer realm="metrics"' });
    metrics.registry.metrics().then(
      (body) => {
        res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => json(res, 500, t('server.error')),
    );
  });
  // Scrapes are short: a keep-alive socket left idle is closed soon, so a stop never waits on one.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Builds the Fastify instance; never listens (main.ts does, tests use inject). Plugins in a fixed
 * order: third-party, our own, then the routes of each area.
 */

import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController, type RouteOptions } from 'fastify';
import { MAX_TRPC_BATCH } from '../shared/constants';
import '../shared/messages/all';
import { alertsRest } from './alerts/rest';
import { auditRest } from './audit/rest';
import { authRest } from './auth/rest';
import { backupRest } from './backup/rest';
import { listBackups } from './backup/scheduled';
import { campaignsRest } from './campaigns/rest';
import type { Config } from './config';
import { dashboardRest } from './dashboard/rest';
import type { Deps } from './deps';
import { ServiceUnavailableError, TooManyRequestsError } from './errors';
import { pledgeLookupRest } from './giving/lookup-rest';
import { givingRest } from './giving/rest';
import { registerAllowedHosts } from './http/allowed-hosts';
import { trackRouteMethods } from './http/allowed-methods';
import { registerErrorHandler } from './http/error-handler';
import { healthRoutes, registerStopping } from './http/health';
import { createMetrics, instrumentRequests, metricsEnabled, metricsRoute } from './http/metrics';
import { registerOpenApi } from './http/openapi';
import { registerRateLimit, requireBudgets } from './http/rate-limit';
import { registerRequestIds, requestIdOf } from './http/request-id';
import { registerRequestLocale } from './http/request-locale';
import { type ResponseCache, registerResponseCache } from './http/response-cache';
import { registerSecurityHeaders } from './http/security-headers';
import { unpackWebResponses } from './http/web-response';
import { withZodSchemas } from './http/zod-schemas';
import { outboxFigures } from './mail/outbox-figures';
import { outboxRest } from './mail/rest';
import { editionsRest } from './newsletter/editions/rest';
import { newsletterRest } from './newsletter/rest';
import { registerOfflinePage } from './offline-page';
import { type PageRenderer, registerPages } from './pages';
import { checkoutOrigins } from './payments/paystack';
import { paymentsRest } from './payments/rest';
import { settingsRest } from './settings/rest';
import { submissionsRest } from './submissions/rest';
import { registerTextOverrides } from './texts/overrides';
import { textsRest } from './texts/rest';
import { guardTrpcBatch } from './trpc/batch-guard';
import { createRequestContext } from './trpc/context';
import { type AppRouter, appRouter } from './trpc/root';
import type { ProcedureMeta } from './trpc/trpc';
import { uploadsRest } from './uploads/rest';
import { passwordResetRest } from './users/password-reset-rest';
import { usersRest } from './users/rest';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public answers kept in memory (server/http/response-cache.ts). */
    responseCache: ResponseCache;
  }
}

export interface AppOptions {
  /** The built client to serve; undefined serves the API only. */
  staticDir?: string;
  /** Renders the public pages on the server; without it every page is the shell the browser renders. */
  renderer?: PageRenderer;
  /** Log requests as JSON lines to stdout, or to the given stream (tests read it). */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** Called for every route as it is added: the API contract test lists them this way. */
  onRoute?: (route: RouteOptions) => void;
}

/** Fastify's types leave out the hop count it accepts; a function says the same: trust the first n hops. */
const trustedProxies = (setting: Config['trustProxy']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

/** The budget each procedure declares in its `meta` (server/trpc/trpc.ts); undefined for an unknown name. */
const procedureBudget = (name: string) =>
  (appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } } | undefined>)[name]?._def
    .meta?.budget;

export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: options.logger
      ? {
          level: config.logLevel,
          // No headers and no query string: a request line is the method, the path and the client
          // address, the only personal data kept (docs/privacy-operations.md).
          serializers: {
            req: (req: FastifyRequest) => ({
              method: req.method,
              url: req.url.split('?')[0],
              remoteAddress: req.ip,
            }),
          },
          ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
        }
      : false,
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // The longest parameter a route needs: a tRPC batch of MAX_TRPC_BATCH procedure names.
    routerOptions: { maxParamLength: MAX_TRPC_BATCH * 32 },
    // Requests may run this long; a slow client cannot hold a connection open for ever.
    requestTimeout: 60_000,
    // A stop (server/main.ts) closes idle kept-alive connections at once, and answers what still
    // arrives itself (registerStopping): 503 with Retry-After and the request id.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // The id of every log line, answer header, refusal and audit row (http/request-id.ts).
    genReqId: requestIdOf(config.trustProxy),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  });
  app.decorateRequest('user', null);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  requireBudgets(app);
  const methodsOf = trackRouteMethods(app);
  // Only the bodies routes read: a text/plain body answers 415 rather than reaching a JSON route.
  app.removeContentTypeParser('text/plain');

  // Metrics first of all, when they are on: refusals and answers from memory are timed too.
  const metrics = metricsEnabled(config)
    ? createMetrics({
        db: deps.db,
        cacheStats: () => app.responseCache.stats(),
        outbox: () => outboxFigures(deps.db, deps.now()),
        latestBackup: () => {
          const newest = config.backup.dir ? listBackups(config.backup.dir)[0] : undefined;
          return newest && { at: new Date(newest.at), bytes: newest.bytes };
        },
      })
    : null;
  app.decorate('metrics', metrics);
  if (metrics) {
    instrumentRequests(app, metrics);
    app.addHook('onClose', async () => metrics.close());
  }

  // Every answer carries the request's id; a stopping instance starts nothing new.
  registerRequestIds(app);
  registerStopping(app);
  // Unknown hosts are refused before anything else, the response cache included.
  registerAllowedHosts(app, config.allowedHosts);

  // Request plumbing, ours and third parties': the request's language, then the response cache
  // (a hit is answered before the hooks after it, and its key carries the language), headers,
  // CORS, budgets, compression.
  registerRequestLocale(app);
  const cache = registerResponseCache(app, deps.publicDataVersion);
  app.decorate('responseCache', cache);
  registerSecurityHeaders(app, { formTargets: checkoutOrigins(deps.config.paystack) });
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
  await registerRateLimit(app, config, procedureBudget, metrics ? (budget) => metrics.rateLimited(budget) : undefined);
  unpackWebResponses(app);
  // JSON answers shrink about tenfold: what matters most on a slow phone connection. Images are
  // already compressed and static files come pre-compressed from the build.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    customTypes: /^(?:application\/json|text\/)/,
  });

  // Our own.
  registerErrorHandler(app);
  // Staff's corrections of the texts, current before any handler writes a word.
  await registerTextOverrides(app, deps);
  const pages = await registerPages(app, deps, {
    staticDir: options.staticDir,
    renderer: options.renderer,
    methodsOf,
  });
  registerOfflinePage(app);

  // Routes: REST ones typed and validated by the shared zod schemas, and described by OpenAPI.
  const api = withZodSchemas(app);
  await registerOpenApi(app);
  await healthRoutes(api, deps.db);
  if (metrics) metricsRoute(app, metrics, config);
  app.addHook('onRequest', guardTrpcBatch);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createRequestContext(deps),
      maxBatchSize: MAX_TRPC_BATCH,
      responseMeta: ({ errors }) => {
        const retryAfter = errors
          .map((e) => e.cause)
          .find((c) => c instanceof TooManyRequestsError || c instanceof ServiceUnavailableError)?.retryAfter;
        return retryAfter ? { headers: { 'retry-after': String(retryAfter) } } : {};
      },
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path }, 'trpc failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  await authRest(api, deps);
  await passwordResetRest(api, deps);
  await alertsRest(api, deps);
  await campaignsRest(api, deps, pages);
  await submissionsRest(api, deps, pages);
  await newsletterRest(api, deps, pages);
  await uploadsRest(api, deps);
  await dashboardRest(api, deps);
  await usersRest(api, deps);
  await settingsRest(api, deps);
  await auditRest(api, deps);
  await givingRest(api, deps, pages);
  await pledgeLookupRest(api, deps, pages);
  await paymentsRest(api, deps, pages);
  await backupRest(api, deps);
  await outboxRest(api, deps);
  await editionsRest(api, deps);
  await textsRest(api, deps);

  return app;
}

/**
 * Builds the Fastify instance; never listens (main.ts does, tests use inject). Plugins in a fixed
 * order: third-party, our own, then the routes of each area.
 */

import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { authRest } from './auth/rest';
import { campaignsRest } from './campaigns/rest';
import { dashboardRest } from './dashboard/rest';
import type { Deps } from './deps';
import { registerErrorHandler } from './http/error-handler';
import { healthRoutes } from './http/health';
import { registerOpenApi } from './http/openapi';
import { registerRateLimit } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { withZodSchemas } from './http/zod-schemas';
import { submissionsRest } from './submissions/rest';
import { createRequestContext } from './trpc/context';
import { type AppRouter, appRouter } from './trpc/root';
import { uploadsRest } from './uploads/rest';

export interface AppOptions {
  /** The built client to serve; undefined serves the API only. */
  staticDir?: string;
  /** Log requests as JSON lines to stdout, or to the given stream (tests read it). */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** Called for every route as it is added: the API contract test lists them this way. */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: options.logger
      ? {
          level: config.logLevel,
          // Request logs carry the headers for debugging; tokens and cookies never reach a log file.
          serializers: {
            req: (req: FastifyRequest) => ({
              method: req.method,
              url: req.url,
              headers: req.headers,
              remoteAddress: req.ip,
            }),
          },
          redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
          ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
        }
      : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 2048 },
    // Requests may run this long; a slow client cannot hold a connection open for ever.
    requestTimeout: 60_000,
    return503OnClosing: true,
  });
  app.decorateRequest('admin', null);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // Third-party plugins.
  await app.register(cors, {
    origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
  await registerRateLimit(app, config);
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
  registerSecurityHeaders(app);
  const spa = await registerSpa(app, { staticDir: options.staticDir, publicUrl: config.publicUrl });

  // Routes: REST ones typed and validated by the shared zod schemas, and described by OpenAPI.
  const api = withZodSchemas(app);
  await registerOpenApi(app);
  await healthRoutes(api, deps);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createRequestContext(deps),
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path }, 'trpc failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  await authRest(api, deps);
  await campaignsRest(api, deps, spa);
  await submissionsRest(api, deps);
  await uploadsRest(api, deps);
  await dashboardRest(api, deps);

  return app;
}

/**
 * Request budgets per client address: the API at large, and a stricter one for public writes
 * (the sign-up forms, the newsletter, sign-in). A request is classed by the route it matched and,
 * for tRPC, by the procedure names the router decoded, never by the raw URL text: `?x=1`,
 * `%2E` or a trailing slash cannot move a request into the looser budget.
 * Sign-in has its own per-account and per-address limits in the auth service on top of this.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { addressKey } from './client-address';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public POST that stores something (a form): counted in the stricter budget. */
    publicWrite?: boolean;
  }
}

export const TRPC_ROUTE = '/trpc/:path';

/** The two budgets: the API at large, and public writes (forms, pledges, sign-in). */
export type RequestBudget = 'api' | 'form';

/** The budget a tRPC procedure declares (its `meta`), by name; unknown names spend the API budget. */
export type ProcedureBudget = (name: string) => RequestBudget;

/** The procedure names of a tRPC request, as the router decoded them from the path. */
export const trpcProcedures = (req: FastifyRequest): string[] =>
  ((req.params as { path?: string }).path ?? '').split(',');

const isPublicWrite = (req: FastifyRequest, procedureBudget: ProcedureBudget) =>
  req.method === 'POST' &&
  (req.routeOptions.config?.publicWrite === true ||
    (req.routeOptions.url === TRPC_ROUTE && trpcProcedures(req).some((name) => procedureBudget(name) === 'form')));

/**
 * Images and static files are cheap and cached: the budget is for the API's routes, and for pages
 * rendered afresh (a page answered from memory never gets this far).
 */
const isApiRoute = (req: FastifyRequest) => {
  const route = req.routeOptions.url ?? '';
  return (
    route === '/*' || (/^\/(?:api|trpc|upload|campaigns)(?:\/|$)/.test(route) && !route.startsWith('/api/uploads/'))
  );
};

export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  procedureBudget: ProcedureBudget,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    allowList: (req) => !isApiRoute(req),
    keyGenerator: (req) => `${isPublicWrite(req, procedureBudget) ? 'form' : 'api'}:${addressKey(req.ip)}`,
    max: (_req, key) => (key.startsWith('form:') ? config.rateLimit.formsPerMinute : config.rateLimit.perMinute),
  });
}

/**
 * Request budgets per client address: the API at large, and a stricter one for public writes
 * (the sign-up forms, the newsletter, sign-in). A request is classed by the route it matched and,
 * for tRPC, by the procedure names the router decoded, never by the raw URL text: `?x=1`,
 * `%2E` or a trailing slash cannot move a request into the looser budget.
 * Sign-in has its own per-account and per-address limits in the auth service on top of this.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { MAX_TRPC_BATCH } from '../../shared/constants';
import { t } from '../../shared/messages';
import type { Config } from '../config';
import { TooManyRequestsError } from '../errors';
import { addressKey } from './client-address';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The budget this route's requests spend: required on every API route (see `requireBudgets`). */
    budget?: RequestBudget;
  }
}

export const TRPC_ROUTE = '/trpc/:path';

/**
 * What a request is, declared beside each REST route (`config.budget`) and each tRPC procedure
 * (`meta.budget`, from the builder it starts from): a public read, a public form, a sign-in, or a
 * staff call.
 */
export type RequestBudget = 'read' | 'form' | 'signIn' | 'staff';

/** The two limits: forms and sign-ins spend the stricter one, reads and staff calls the API one. */
const LIMIT_OF = { read: 'api', staff: 'api', form: 'form', signIn: 'form' } as const satisfies Record<
  RequestBudget,
  'api' | 'form'
>;

/** The budget a tRPC procedure declares (its `meta`), by name; undefined for a name the router has not. */
export type ProcedureBudget = (name: string) => RequestBudget | undefined;

/** The procedure names of a tRPC request, as the router decoded them from the path. */
export const trpcProcedures = (req: FastifyRequest): string[] =>
  ((req.params as { path?: string }).path ?? '').split(',');

/**
 * The limit a request counts in (the plugin asks before its allow list). A tRPC request spends the stricter limit when any procedure of its batch declares a form or sign-in budget.
 */
const limitOf = (req: FastifyRequest, procedureBudget: ProcedureBudget): 'api' | 'form' => {
  if (req.routeOptions.url === TRPC_ROUTE) {
    const budgets = trpcProcedures(req).map(procedureBudget);
    return req.method === 'POST' && budgets.some((budget) => budget && LIMIT_OF[budget] === 'form') ? 'form' : 'api';
  }
  // Routes outside the budgets (images, static files) declare none; every API route does (`requireBudgets`).
  const budget = req.routeOptions.config?.budget;
  return budget ? LIMIT_OF[budget] : 'api';
};

/** The budget a request spends, for the metrics: a tRPC batch's strictest (sign-in, form, staff, read). */
const budgetOf = (req: FastifyRequest, procedureBudget: ProcedureBudget): RequestBudget | 'unknown' => {
  if (req.routeOptions.url !== TRPC_ROUTE) return req.routeOptions.config?.budget ?? 'unknown';
  const budgets = new Set(trpcProcedures(req).map(procedureBudget));
  return (['signIn', 'form', 'staff', 'read'] as const).find((budget) => budgets.has(budget)) ?? 'unknown';
};

/** The routes the budgets are for: the API's, and the pages rendered afresh (`/*`, the newsletter's links). */
export const isApiRoute = (route: string) =>
  route === '/*' || /^\/(?:api|trpc|upload|campaigns|newsletter)(?:\/|$)/.test(route);

/**
 * Images and static files are cheap and cached: they are counted in no budget, nor is a page
 * answered from memory (it never gets this far).
 */
const isLimited = (req: FastifyRequest) => {
  const route = req.routeOptions.url ?? '';
  return isApiRoute(route) && !route.startsWith('/api/uploads/');
};

/**
 * Every API route must declare its budget: the app refuses to start with one that does not (the
 * check runs when the app is ready, after every route and plugin has had its say). The tRPC route
 * is the procedures': each declares its own in its `meta`.
 */
export function requireBudgets(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (isApiRoute(route.url) && route.url !== TRPC_ROUTE) routes.push(route);
  });
  app.addHook('onReady', async () => {
    const missing = routes.filter((route) => !route.config?.budget).map((route) => `${route.method} ${route.url}`);
    if (missing.length) throw new Error(`Routes without a request budget: ${missing.join(', ')}`);
  });
}

export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  procedureBudget: ProcedureBudget,
  /** Told of each request refused (429), with the budget it spent: the metrics count them. */
  onRefused?: (budget: RequestBudget | 'unknown') => void,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    allowList: (req) => !isLimited(req),
    keyGenerator: (req) => `${limitOf(req, procedureBudget)}:${addressKey(req.ip)}`,
    max: (_req, key) => (key.startsWith('form:') ? config.rateLimit.formsPerMinute : config.rateLimit.perMinute),
    ...(onRefused ? { onExceeded: (req: FastifyRequest) => onRefused(budgetOf(req, procedureBudget)) } : {}),
  });
  countBatchedCalls(app, procedureBudget, onRefused);
}

/**
 * A tRPC batch is one request but several calls, each as much work as a request of its own: the
 * plugin counts the request once, this counts its other calls in the same budget, before any of
 * them runs. Over the limit, the whole batch is refused.
 */
function countBatchedCalls(
  app: FastifyInstance,
  procedureBudget: ProcedureBudget,
  onRefused?: (budget: RequestBudget | 'unknown') => void,
): void {
  const spendOne = app.createRateLimit();
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.url !== TRPC_ROUTE) return;
    // No more than the longest batch allowed: a longer one is refused by the batch guard anyway.
    const extra = Math.min(trpcProcedures(req).length, MAX_TRPC_BATCH) - 1;
    let last: Awaited<ReturnType<typeof spendOne>> | undefined;
    for (let i = 0; i < extra; i++) last = await spendOne(req);
    if (!last || last.isAllowed) return;
    reply.header('x-ratelimit-remaining', String(last.remaining));
    if (!last.isExceeded) return;
    onRefused?.(budgetOf(req, procedureBudget));
    reply.header('x-ratelimit-reset', String(last.ttlInSeconds));
    throw new TooManyRequestsError(t('request.tooMany'), last.ttlInSeconds);
  });
}

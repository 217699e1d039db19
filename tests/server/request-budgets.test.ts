/**
 * Request budgets: a public call that stores something spends the form budget on both faces (REST
 * and tRPC), whatever the procedure; reads spend the API budget. Declared beside each procedure.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiRoute, type RequestBudget, TRPC_ROUTE } from '../../server/http/rate-limit';
import { appRouter } from '../../server/trpc/root';
import type { ProcedureMeta } from '../../server/trpc/trpc';
import { createTestApp, type TestApp } from '../helpers/app';

const FORMS_PER_MINUTE = 3;

const BUDGETS: RequestBudget[] = ['read', 'form', 'signIn', 'staff'];

/** Every tRPC procedure with its type and the budget its `meta` declares. */
const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string; meta?: ProcedureMeta } }>,
).map(([name, procedure]) => ({ name, type: procedure._def.type, budget: procedure._def.meta?.budget }));

/** The staff guard's refusal, as a visitor calling a procedure sees it. */
const isStaffOnly = async (t: TestApp, name: string, type: string) => {
  const res =
    type === 'query'
      ? await t.app.inject({ method: 'GET', url: `/trpc/${name}?input=${encodeURIComponent('{"json":{}}')}` })
      : await t.app.inject({ method: 'POST', url: `/trpc/${name}`, payload: { json: {} } });
  return res.statusCode === 401;
};

describe('request budgets', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: { FORM_RATE_LIMIT_PER_MINUTE: String(FORMS_PER_MINUTE), RATE_LIMIT_PER_MINUTE: '1000' },
      onRoute: (route) => routes.push(route),
    });
  });

  it('every tRPC procedure declares its budget, by the builder it starts from', async () => {
    expect(procedures.length).toBeGreaterThan(20);
    for (const { name, type, budget } of procedures) {
      expect(BUDGETS, name).toContain(budget);
      const staffOnly = await isStaffOnly(t, name, type);
      // A staff procedure (refused to a visitor) is `staff`; a public one never is.
      expect(budget === 'staff', `${name} (${budget})`).toBe(staffOnly);
      // A public call that stores something spends the form budget.
      if (!staffOnly && type === 'mutation') expect(['form', 'signIn'], name).toContain(budget);
      if (!staffOnly && type === 'query') expect(budget, name).toBe('read');
    }
    expect(procedures.find((p) => p.name === 'auth.login')?.budget).toBe('signIn');
  });

  it('every REST route of the API declares its budget', () => {
    const api = routes.filter((route) => isApiRoute(route.url) && route.url !== TRPC_ROUTE);
    expect(api.length).toBeGreaterThan(40);
    for (const route of api) {
      const name = `${route.method} ${route.url}`;
      const budget = route.config?.budget;
      expect(BUDGETS, name).toContain(budget);
      const guarded = Boolean(route.onRequest) && route.schema?.security !== undefined;
      if (guarded) expect(budget, name).toBe('staff');
      const methods = [route.method].flat();
      // Paystack's webhook is guarded by its signature, and Paystack posts many from few addresses.
      const signed = route.url === '/api/payments/paystack/webhook';
      if (!guarded && !signed && !methods.includes('GET') && !methods.includes('HEAD')) {
        expect(['form', 'signIn'], name).toContain(budget);
      }
    }
    const budgetOf = (method: string, url: string) =>
      routes.find((route) => route.method === method && route.url === url)?.config?.budget;
    expect(budgetOf('POST', '/api/auth/login')).toBe('signIn');
    expect(budgetOf('POST', '/api/pledges')).toBe('form');
    expect(budgetOf('GET', '/campaigns')).toBe('read');
  });

  it('an API route without a budget stops the app from starting', async () => {
    const { default: Fastify } = await import('fastify');
    const { requireBudgets } = await import('../../server/http/rate-limit');
    const app = Fastify();
    requireBudgets(app);
    app.get('/api/undeclared', () => 'x');
    app.get('/api/declared', { config: { budget: 'read' } }, () => 'x');
    await expect(app.ready()).rejects.toThrow(/GET \/api\/undeclared/);
    await app.close().catch(() => {});
  });
  afterAll(() => t.close());

  /** Sends the same request from one address until the budget runs out; the statuses in order. */
  const statuses = async (request: { method: 'GET' | 'POST'; url: string; payload?: unknown }, address: string) => {
    const seen: number[] = [];
    for (let i = 0; i <= FORMS_PER_MINUTE; i++) {
      const res = await t.app.inject({ ...request, payload: request.payload as object, remoteAddress: address });
      seen.push(res.statusCode);
    }
    return seen;
  };

  let client = 0;
  it.each([
    ['pledge.create over tRPC', { method: 'POST', url: '/trpc/pledge.create', payload: { json: {} } }],
    ['auth.login over tRPC', { method: 'POST', url: '/trpc/auth.login', payload: { json: {} } }],
    ['a sign-up over tRPC', { method: 'POST', url: '/trpc/submission.volunteer.create', payload: { json: {} } }],
    ['POST /api/pledges', { method: 'POST', url: '/api/pledges', payload: {} }],
    ['POST /api/auth/login', { method: 'POST', url: '/api/auth/login', payload: {} }],
  ] as const)('%s spends the form budget', async (_name, request) => {
    const seen = await statuses(request, `203.0.113.${++client}`);
    expect(seen.slice(0, FORMS_PER_MINUTE)).not.toContain(429);
    expect(seen.at(-1)).toBe(429);
  });

  it('a public read spends the API budget', async () => {
    const seen = await statuses({ method: 'GET', url: '/trpc/campaign.list' }, '198.51.100.7');
    expect(seen).toEqual(Array(FORMS_PER_MINUTE + 1).fill(200));
  });
});

describe('a tRPC batch spends one call of its budget per procedure', () => {
  const PER_MINUTE = 25;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) } });
  });
  afterAll(() => t.close());

  const batch = (calls: number, address: string) =>
    t.app.inject({
      method: 'GET',
      url: `/trpc/${Array(calls).fill('campaign.list').join(',')}?batch=1&input={}`,
      remoteAddress: address,
    });

  it('refuses the batch that would go past the limit, before any call runs', async () => {
    const address = '198.51.100.20';
    // 10 + 10 calls spend 20 of 25; the next batch of 10 would make 30.
    expect((await batch(10, address)).statusCode).toBe(200);
    const second = await batch(10, address);
    expect(second.statusCode).toBe(200);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(PER_MINUTE - 20);
    const third = await batch(10, address);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toMatch(/^\d+$/);
    expect(third.json()).toMatchObject({ message: expect.any(String), requestId: expect.any(String) });
    // Another address has its own budget.
    expect((await batch(10, '198.51.100.21')).statusCode).toBe(200);
  });

  it('counts a single call once', async () => {
    const address = '198.51.100.22';
    for (let i = 0; i < PER_MINUTE; i++) expect((await batch(1, address)).statusCode).toBe(200);
    expect((await batch(1, address)).statusCode).toBe(429);
  });
});

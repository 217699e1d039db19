/**
 * Request budgets: a public call that stores something spends the form budget on both faces (REST
 * and tRPC), whatever the procedure; reads spend the API budget. Declared beside each procedure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

const FORMS_PER_MINUTE = 3;

describe('request budgets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: { FORM_RATE_LIMIT_PER_MINUTE: String(FORMS_PER_MINUTE), RATE_LIMIT_PER_MINUTE: '1000' },
    });
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

/**
 * Error answers a client can rely on: 415 for a body type no route reads, one entry per refused
 * field, ranges named, and 405 with Allow for a known path asked with another method.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('answers 415 to a body type the route does not read, and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions/contact/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=Amina',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await t.deps.db.selectFrom('contact_messages').select('id').execute()).toEqual([]);
  });

  it('lists each refused field once, with no entry repeating the summary', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/submissions/volunteer/register', payload: {} });
    expect(res.statusCode).toBe(400);
    const { message, errors } = res.json() as { message: string; errors: { path: string; message: string }[] };
    expect(message).toBe('Please fill in all required fields');
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error.path).not.toBe('');
    expect(new Set(errors.map((e) => e.path)).size).toBe(errors.length);
  });

  it.each([
    ['/campaigns?limit=0', 'limit must be from 1 to 500'],
    ['/campaigns?limit=abc', 'limit must be from 1 to 500'],
    ['/campaigns?offset=-1', 'offset must be from 0 to 1000000'],
    ['/api/submissions?type=volunteer&limit=501', 'limit must be from 1 to 500'],
  ])('names the range a refused %s must be in', async (url, message) => {
    const res = await t.asAdmin({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([
    ['GET', '/api/auth/login', 'POST'],
    ['DELETE', '/api/submissions', 'GET, HEAD'],
    ['PATCH', '/campaigns', 'GET, HEAD, POST'],
    ['POST', '/api/pledges/ABCD2345', 'GET, HEAD, PUT'],
  ] as const)('answers %s %s with 405 and Allow: %s', async (method, url, allow) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json().message).toBe('This address does not take that method: see Allow');
  });

  it('still answers 404 to a path no route has, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['POST', '/api/nothing'],
      ['POST', '/about'],
      ['DELETE', '/trpc'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

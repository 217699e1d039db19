import { gunzipSync } from 'node:zlib';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/service';
import { createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';

/** What the browser receives over HTTP from tRPC: the spec's message and the field errors. */
describe.each(testDatabases())('tRPC errors over HTTP on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const mutate = (path: string, input: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify(superjson.serialize(input)),
    });

  it('answers a validation failure with 400, the summary message and field errors', async () => {
    const res = await mutate('submission.volunteer.create', { firstName: 'Amina' });
    expect(res.statusCode).toBe(400);
    const error = res.json().error.json;
    expect(error.message).toBe('Please fill in all required fields');
    expect(error.data.fieldErrors).toContainEqual({ path: 'lastName', message: 'This field is required' });
  });

  it('answers domain errors with their status and message', async () => {
    const res = await mutate('campaign.remove', { id: '0190a000-0000-7000-8000-000000000000' }, t.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.json.message).toBe('Campaign not found');
  });

  it('answers the campaign form summary with the missing names', async () => {
    const res = await mutate('campaign.create', { title: 'x', location: 'Kano' }, t.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.json.message).toBe('Please fill in all required fields: description, target, image');
  });
});

/**
 * Compression must not change what a client, proxy or monitor reads: the same status, content type
 * and Retry-After whether or not the caller accepts gzip, for every kind of refusal.
 */
describe('tRPC refusals keep their status and headers under compression', () => {
  let t: TestApp;
  let reviewerToken: string;
  let lockedEmail: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    reviewerToken = await issueToken(t.deps, await insertStaff(t.deps.db, 'reviewer'));
    lockedEmail = (await insertStaff(t.deps.db, 'editor')).email;
    for (let i = 0; i < 12; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: lockedEmail, password: 'not the password at all' },
      });
    }
  });
  afterAll(() => t.close());

  const call = (path: string, input: unknown, encoding: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: {
        'content-type': 'application/json',
        'accept-encoding': encoding,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: JSON.stringify(superjson.serialize(input)),
    });
  const body = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    JSON.parse(
      (res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload).toString('utf8'),
    );
  /** The refusal without its request id, which names the answer's own request (X-Request-Id). */
  const refusal = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
    const parsed = body(res);
    expect(parsed.error.json.data.requestId).toBe(res.headers['x-request-id']);
    delete parsed.error.json.data.requestId;
    return parsed;
  };

  const unknownId = '0190a000-0000-7000-8000-000000000000';
  it.each([
    [400, () => ['submission.volunteer.create', {}]],
    [401, () => ['campaign.remove', { id: unknownId }]],
    [403, () => ['campaign.remove', { id: unknownId }, reviewerToken]],
    [404, () => ['campaign.remove', { id: unknownId }, t.token]],
    [409, () => ['users.create', { email: 'admin@example.org', name: 'Again', role: 'admin' }, t.token]],
    [429, () => ['auth.login', { email: lockedEmail, password: 'not the password at all' }]],
  ] as const)('%i', async (status, args) => {
    const [path, input, token] = args() as [string, unknown, string | undefined];
    const plain = await call(path, input, 'identity', token);
    const gzip = await call(path, input, 'gzip', token);
    for (const res of [plain, gzip]) {
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toBe('application/json');
      expect(body(res).error.json.data.httpStatus).toBe(status);
    }
    if (status === 429) {
      expect(Number(plain.headers['retry-after'])).toBeGreaterThan(0);
      expect(gzip.headers['retry-after']).toBe(plain.headers['retry-after']);
    }
    expect(refusal(gzip)).toEqual(refusal(plain));
  });

  it('compresses a large refusal and keeps its status', async () => {
    const names = Array(10).fill('users.list').join(',');
    const res = await t.app.inject({
      method: 'GET',
      url: `/trpc/${names}?batch=1&input=${encodeURIComponent('{}')}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toBe('application/json');
    expect(body(res)).toHaveLength(10);
  });
});

/** superjson's metadata is walked recursively: a crafted one is refused before, in plain words. */
describe('crafted superjson metadata', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const deep = (depth: number, leaf: string) => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/trpc/submission.newsletter.create',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it.each([
    ['deeply nested values', `{"json":{},"meta":{"values":${deep(20_000, '["undefined"]')}}}`],
    [
      'a path into nothing',
      `{"json":{"email":"a@b.org"},"meta":{"referentialEqualities":{"${'a.'.repeat(500)}":["x"]}}}`,
    ],
    ['a body that is not JSON', '{"json":'],
  ])('%s: 400 with the usual message, nothing stored', async (_name, payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.json.message).toBe('Invalid request');
    const stored = await t.deps.db.selectFrom('newsletter_subscriptions').select('id').execute();
    expect(stored).toEqual([]);
  });

  it('refuses the same in a query string', async () => {
    const input = encodeURIComponent(`{"json":{},"meta":{"values":${deep(20_000, '["undefined"]')}}}`);
    const res = await t.app.inject({ method: 'GET', url: `/trpc/campaign.list?input=${input}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.json.message).toBe('Invalid request');
  });
});

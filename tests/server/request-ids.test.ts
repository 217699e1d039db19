/**
 * Request ids: made by the server, or taken from a trusted proxy's X-Request-Id (never from
 * anyone else's); sent back in the X-Request-Id header of every answer (a cached one included),
 * in the `requestId` of every refusal (REST, rate limit, tRPC), on the request's log lines, and
 * on the audit rows it writes.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { contactPayload, trpcHttp, uniqueEmail } from '../helpers/fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PROXY = { remoteAddress: '10.0.0.5' };
const STRANGER = { remoteAddress: '198.51.100.9' };
const wrongSignIn = () => ({ email: uniqueEmail('nobody'), password: 'not the password at all' });

describe.each(testDatabases())('request ids on %s', (kind) => {
  const lines: string[] = [];
  let trusting: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // The proxy in front has a private address; clients reach the other app straight.
    trusting = await createTestApp(kind, { logger: { stream }, env: { LOG_LEVEL: 'info', TRUST_PROXY: '10.0.0.0/8' } });
    plain = await createTestApp(kind, { database: trusting.database });
  });
  afterAll(async () => {
    await plain?.close();
    await trusting?.close();
  });

  const logLinesOf = (requestId: string) =>
    lines.flatMap((line) => line.split('\n')).filter((line) => line.includes(`"requestId":"${requestId}"`));

  it('makes one when none is given, and answers it in the header and the refusal', async () => {
    const res = await plain.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } });
    expect(res.statusCode).toBe(400);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(UUID);
    expect(res.json().requestId).toBe(id);
    const ok = await plain.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(ok.headers['x-request-id'])).toMatch(UUID);
    expect(ok.headers['x-request-id']).not.toBe(id);
  });

  it("ignores a client's own X-Request-Id when no proxy is trusted, or it is not the trusted one", async () => {
    const untrusted = await plain.app.inject({
      method: 'GET',
      url: '/api/no-such-path',
      headers: { 'x-request-id': 'forged-id-1', accept: 'application/json' },
      ...PROXY,
    });
    expect(untrusted.headers['x-request-id']).toMatch(UUID);
    expect(untrusted.json().requestId).toBe(untrusted.headers['x-request-id']);
    const stranger = await trusting.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'forged-id-2' },
      ...STRANGER,
    });
    expect(stranger.headers['x-request-id']).toMatch(UUID);
    expect(logLinesOf('forged-id-2')).toEqual([]);
  });

  it("takes a trusted proxy's sane X-Request-Id, and makes one for an odd one", async () => {
    const res = await trusting.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'edge-01:Abc.def_9' },
      ...PROXY,
    });
    expect(res.headers['x-request-id']).toBe('edge-01:Abc.def_9');
    for (const odd of ['has space', 'x'.repeat(129), 'semi;colon', 'quote"d', '']) {
      const answer = await trusting.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': odd },
        ...PROXY,
      });
      expect(answer.headers['x-request-id'], odd).toMatch(UUID);
    }
  });

  it('puts it on the log lines of the request', async () => {
    const id = 'proxy-log-line-1';
    await trusting.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id }, ...PROXY });
    const logged = logLinesOf(id).map((line) => JSON.parse(line) as { msg: string });
    expect(logged.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('writes it on the audit rows of REST and tRPC requests, and the activity trail shows it', async () => {
    const rest = await trusting.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: wrongSignIn(),
      headers: { 'x-request-id': 'audit-rest-1' },
      ...PROXY,
    });
    expect(rest.statusCode).toBe(401);
    expect(rest.json().requestId).toBe('audit-rest-1');
    const trpc = await trpcHttp(trusting.app, 'mutation', 'auth.login', wrongSignIn(), {
      'x-request-id': 'audit-trpc-1',
    });
    expect(trpc.statusCode).toBe(401);
    expect(trpc.headers['x-request-id']).toMatch(UUID); // inject's default address is no trusted proxy
    const trpcId = String(trpc.headers['x-request-id']);
    expect(trpc.json().error.json.data.requestId).toBe(trpcId);

    const rows = await trusting.deps.db
      .selectFrom('audit_events')
      .select(['action', 'requestId'])
      .where('requestId', 'in', ['audit-rest-1', trpcId])
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { action: 'auth.login.failed', requestId: 'audit-rest-1' },
        { action: 'auth.login.failed', requestId: trpcId },
      ]),
    );
    const signIn = await trusting.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      headers: { 'x-request-id': 'audit-rest-2' },
      ...PROXY,
    });
    expect(signIn.statusCode).toBe(200);
    const trail = await trusting.asAdmin({ method: 'GET', url: '/api/audit?kind=auth' });
    const items = trail.json().items as { action: string; requestId: string | null }[];
    expect(items.find((e) => e.requestId === 'audit-rest-2')?.action).toBe('auth.login');
  });

  it('never replays another request’s id from the response cache', async () => {
    const first = await trusting.app.inject({
      method: 'GET',
      url: '/campaigns',
      headers: { accept: 'application/json', 'x-request-id': 'cache-first' },
      ...PROXY,
    });
    const second = await trusting.app.inject({
      method: 'GET',
      url: '/campaigns',
      headers: { accept: 'application/json', 'x-request-id': 'cache-second' },
      ...PROXY,
    });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(trusting.app.responseCache.stats().hits).toBeGreaterThan(0);
    expect(first.headers['x-request-id']).toBe('cache-first');
    expect(second.headers['x-request-id']).toBe('cache-second');
  });
});

describe('request ids in the rate limit’s refusal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { FORM_RATE_LIMIT_PER_MINUTE: '1' } });
  });
  afterAll(() => t.close());

  it('answer the 429 with its requestId', async () => {
    const post = () =>
      t.app.inject({ method: 'POST', url: '/api/submissions/contact/register', payload: contactPayload() });
    expect((await post()).statusCode).toBe(201);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().requestId).toBe(refused.headers['x-request-id']);
    expect(refused.headers['x-request-id']).toMatch(UUID);
  });
});

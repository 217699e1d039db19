/**
 * A stop under load, on the real server process: SIGTERM while 50 connections write contact
 * messages and, in the second case, 40 sign-ins wait for the two password-hashing slots. The
 * process must exit 0 within SHUTDOWN_GRACE_SECONDS + 2 s, every acknowledged write must be
 * stored, and every request already sent when the signal came must be answered (its usual answer,
 * or 503 with Retry-After for work refused because the server is stopping): none is reset.
 */
import dc from 'node:diagnostics_channel';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openPglite, openPostgres } from '../../server/db/database';
import { ADMIN, createTestApp } from '../helpers/app';
import { type DatabaseKind, scratchDatabase, testDatabases } from '../helpers/databases';
import { contactPayload, uniqueEmail } from '../helpers/fixtures';
import { exited, freePort, startTs, waitForReady } from '../helpers/processes';
import { waitFor } from '../helpers/wait';

const GRACE_SECONDS = 3;
const WRITERS = 50;
const SIGN_INS = 40;

/** One request of the load: when its head went out, and what came back. */
interface Sent {
  kind: 'write' | 'signIn';
  /** performance.now() when its head was written to the socket; undefined while it is not yet. */
  sentAt?: number;
  /** The status, or the error's code when no answer came (a reset, a refused connection). */
  outcome?: number | string;
  retryAfter?: string | null;
}

/** The moment each request's head is written, from undici's own channel, matched by a probe header. */
const sent = new Map<string, Sent>();
let probes = 0;
const onHeaders = (message: unknown) => {
  const headers = (message as { request: { headers: unknown } }).request.headers;
  if (!Array.isArray(headers)) return;
  const at = headers.indexOf('x-probe');
  const entry = at >= 0 ? sent.get(String(headers[at + 1])) : undefined;
  if (entry) entry.sentAt = performance.now();
};
dc.subscribe('undici:client:sendHeaders', onHeaders);
afterAll(() => dc.unsubscribe('undici:client:sendHeaders', onHeaders));

const errorCode = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
};

async function send(kind: Sent['kind'], url: string, body: unknown, track: Sent[]): Promise<Response | undefined> {
  const probe = String(++probes);
  const entry: Sent = { kind };
  sent.set(probe, entry);
  track.push(entry);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-probe': probe },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    entry.outcome = res.status;
    entry.retryAfter = res.headers.get('retry-after');
    return res;
  } catch (error) {
    entry.outcome = errorCode(error);
    return undefined;
  } finally {
    sent.delete(probe);
  }
}

interface Server {
  base: string;
  child: ReturnType<typeof startTs>['child'];
  output: () => string;
  storedIds(): Promise<Set<string>>;
  cleanup(): Promise<void>;
}

async function startServer(kind: DatabaseKind): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-stop-'));
  const scratch = kind === 'postgres' ? await scratchDatabase(inject('postgresUrl')!, 'stop') : undefined;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child, output } = startTs('server/main.ts', {
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    JWT_SECRET: 'a-secret-for-this-test-that-is-long-enough',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    FORM_RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    SIGN_IN_ATTEMPTS_PER_MINUTE: '100000',
    SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
  });
  await waitForReady(base, child, output);
  return {
    base,
    child,
    output,
    async storedIds() {
      const handle = scratch ? openPostgres(scratch.url, { max: 1 }) : await openPglite(dataDir);
      try {
        const rows = await handle.db.selectFrom('contact_messages').select('id').execute();
        return new Set(rows.map((r) => r.id));
      } finally {
        await handle.close();
      }
    },
    async cleanup() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(testDatabases())('SIGTERM under load on %s', (kind) => {
  it.each([
    ['50 connections writing', false],
    ['50 connections writing and 40 sign-ins queued for hashing', true],
  ] as const)(
    'exits 0 within the grace with %s, losing no acknowledged write and resetting no request',
    async (_name, withSignIns) => {
      const server = await startServer(kind);
      try {
        const requests: Sent[] = [];
        const acknowledged: string[] = [];
        let done = false;
        const write = async () => {
          while (!done) {
            const res = await send(
              'write',
              `${server.base}/api/submissions/contact/register`,
              contactPayload({ email: uniqueEmail('stop') }),
              requests,
            );
            if (res?.status === 201) acknowledged.push(((await res.json()) as { data: { _id: string } }).data._id);
            else if (res) await res.body?.cancel();
            // Refused or unreachable: a client waits a little before trying again.
            else await new Promise((r) => setTimeout(r, 20));
          }
        };
        const writers = Promise.all(Array.from({ length: WRITERS }, write));
        await waitFor(() => acknowledged.length >= 200, { what: '200 writes acknowledged', timeoutMs: 20_000 });

        let signIns: Promise<unknown> = Promise.resolve();
        if (withSignIns) {
          const answered = () => requests.filter((r) => r.kind === 'signIn' && r.outcome !== undefined).length;
          signIns = Promise.all(
            Array.from({ length: SIGN_INS }, () =>
              // Unknown accounts, as in an attack: each costs a hash (against the decoy) and gets a 401.
              send(
                'signIn',
                `${server.base}/api/auth/login`,
                { email: uniqueEmail('guess'), password: 'a guessed password' },
                requests,
              ).then((res) => res?.body?.cancel()),
            ),
          );
          // The first answers mean hashing runs: the rest wait their turn for a slot.
          await waitFor(() => answered() >= 1, { what: 'the first sign-in answered', timeoutMs: 20_000 });
        }

        const signalAt = performance.now();
        const before = requests.filter((r) => r.sentAt !== undefined && r.sentAt < signalAt);
        const inFlight = before.filter((r) => r.outcome === undefined);
        server.child.kill('SIGTERM');
        const code = await Promise.race([
          exited(server.child),
          new Promise<string>((r) => setTimeout(() => r('still running'), 30_000)),
        ]);
        const stopSeconds = (performance.now() - signalAt) / 1000;
        done = true;
        await Promise.all([writers, signIns]);

        const outcomes = (list: Sent[]) => {
          const counts: Record<string, number> = {};
          for (const r of list) counts[String(r.outcome)] = (counts[String(r.outcome)] ?? 0) + 1;
          return counts;
        };
        console.log(
          `stop on ${kind}${withSignIns ? ' with sign-ins queued' : ''}: exit ${code} after ${stopSeconds.toFixed(2)} s;` +
            ` in flight at the signal: ${inFlight.filter((r) => r.kind === 'write').length} writes,` +
            ` ${inFlight.filter((r) => r.kind === 'signIn').length} sign-ins;` +
            ` their answers: ${JSON.stringify(outcomes(inFlight))}`,
        );

        expect(code, server.output()).toBe(0);
        expect(stopSeconds).toBeLessThan(GRACE_SECONDS + 2);
        // Every request already sent when the signal came got an answer: none was reset.
        const unanswered = before.filter((r) => typeof r.outcome !== 'number');
        expect(unanswered, 'requests sent before the signal that got no answer').toEqual([]);
        const expected = { write: [201, 503], signIn: [401, 503] };
        const bad = before.filter((r) => typeof r.outcome === 'number' && !expected[r.kind].includes(r.outcome));
        expect(bad, 'answers other than the expected ones or 503').toEqual([]);
        expect(before.filter((r) => r.outcome === 503 && !r.retryAfter)).toEqual([]);
        if (withSignIns) {
          // Sign-ins still waiting for hashing were refused, not waited for.
          expect(inFlight.filter((r) => r.kind === 'signIn' && r.outcome === 503).length).toBeGreaterThan(0);
        }

        const stored = await server.storedIds();
        expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
        expect(acknowledged.length).toBeGreaterThan(200);
      } finally {
        await server.cleanup();
      }
    },
    90_000,
  );
});

describe('a stopping instance', () => {
  it('answers /readyz 503 and refuses new work with 503, Retry-After and the request id', async () => {
    const t = await createTestApp('pglite');
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      t.app.stopping = true;
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'stopping' });
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/submissions/contact/register',
        payload: contactPayload(),
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.headers.connection).toBe('close');
      expect(refused.json()).toEqual({ message: expect.any(String), requestId: refused.headers['x-request-id'] });
      expect(await t.deps.db.selectFrom('contact_messages').select('id').execute()).toEqual([]);
    } finally {
      t.app.stopping = false;
      await t.close();
    }
  });

  it('takes SHUTDOWN_GRACE_SECONDS from 0 to 600, 8 unless told', () => {
    expect(loadConfig({}).shutdownGraceSeconds).toBe(8);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '3' }).shutdownGraceSeconds).toBe(3);
    for (const bad of ['-1', '601', '2.5', 'soon']) {
      expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: bad })).toThrow(
        'Invalid configuration: SHUTDOWN_GRACE_SECONDS must be a whole number from 0 to 600',
      );
    }
  });
});

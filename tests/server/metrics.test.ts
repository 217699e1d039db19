/**
 * Prometheus metrics: scraped after known traffic, the counters have moved, labelled by route
 * template and never by URL; a token guards them, a listener of their own can serve them instead,
 * and they are off when nothing turns them on. The shipped alert rules pass `promtool check rules`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../client/entry-server';
import { loadConfig } from '../../server/config';
import { bearerMatches, noteSignIn, startMetricsListener, UNMATCHED_ROUTE } from '../../server/http/metrics';
import { enqueueMail } from '../../server/mail/outbox';
import { createTestApp, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';
import { campaignPayload } from '../helpers/fixtures';
import { freePort } from '../helpers/processes';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const ROOT = path.resolve(import.meta.dirname, '../..');

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of Prometheus's text format (no escaped quotes in our label values). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of a metric's samples whose labels include `labels`. */
const sampled = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
const has = (samples: Sample[], name: string) => samples.some((s) => s.name === name);

describe.each(testDatabases())('metrics on %s', (kind) => {
  let t: TestApp;
  let campaignId: string;
  let backupDir: string;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return { text: res.body, samples: parse(res.body) };
  };

  beforeAll(async () => {
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-metrics-backups-'));
    t = await createTestApp(kind, {
      staticDir: builtClient(),
      renderer,
      env: { METRICS_TOKEN: TOKEN, BACKUP_DIR: backupDir, FORM_RATE_LIMIT_PER_MINUTE: '2' },
    });
    campaignId = (await t.adminCaller.campaign.create(campaignPayload({ title: 'Wells in Gezawa' })))._id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('counts known traffic: requests by route template, the cache, pages, sign-ins, refusals, mail and backups', async () => {
    const before = (await scrape()).samples;
    const requests = (labels: Record<string, string>, samples: Sample[]) =>
      sampled(samples, 'http_request_duration_seconds_count', labels);

    // Reads: the second of each is answered from memory.
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/campaigns/${campaignId}` })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/', headers: PAGE })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/campaigns/no-such-campaign' })).statusCode).toBe(404);
    // Unknown paths: a GET falls to the pages' catch-all (`/*`), anything else to no route at all.
    expect((await t.app.inject({ method: 'GET', url: '/api/no/such/thing' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/no/such/thing', payload: {} })).statusCode).toBe(404);
    // Two failed sign-ins, then the form budget (2 a minute here) refuses the third.
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@example.org', password: 'not the password' },
        remoteAddress: '203.0.113.7',
      });
    expect((await signIn()).statusCode).toBe(401);
    expect((await signIn()).statusCode).toBe(401);
    expect((await signIn()).statusCode).toBe(429);
    noteSignIn('locked');
    // A mail waits in the outbox, and a backup lies in BACKUP_DIR.
    await t.deps.db.transaction().execute((trx) =>
      enqueueMail(trx, t.deps, {
        kind: 'test.metrics',
        to: 'donor@example.org',
        language: 'en',
        subject: 'Hello',
        html: '<p>Hello</p>',
        text: 'Hello',
      }),
    );
    const backupFile = path.join(backupDir, 'site-backup-2026-12-01T03-00-00-000Z.tar.gz');
    fs.writeFileSync(backupFile, Buffer.alloc(4321));
    const backupAt = new Date('2026-12-01T03:00:00Z');
    fs.utimesSync(backupFile, backupAt, backupAt);

    // The outbox and backup figures are reused for a few seconds: wait that out.
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    const { text, samples } = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sampled(samples, name, labels) - sampled(before, name, labels);

    // Requests, by route template: never the campaign's id, and unknown paths as one label.
    expect(
      requests({ route: '/campaigns/:id', method: 'GET', status_class: '2xx' }, samples) -
        requests({ route: '/campaigns/:id', method: 'GET', status_class: '2xx' }, before),
    ).toBe(2);
    expect(moved('http_request_duration_seconds_count', { route: '/campaigns/:id', status_class: '4xx' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', { route: UNMATCHED_ROUTE, method: 'POST' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', { route: '/*', status_class: '4xx' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', { route: '/*', method: 'GET', status_class: '2xx' })).toBe(2);
    expect(moved('http_request_duration_seconds_count', { route: '/api/auth/login', method: 'POST' })).toBe(3);
    expect(text).not.toContain(campaignId);
    expect(text).not.toContain('no-such-campaign');
    expect(text).not.toContain('/api/no/such/thing');
    // The scrape itself is in flight as it counts.
    expect(sampled(samples, 'http_requests_in_flight')).toBe(1);

    // The response cache: a miss then a hit for the campaign and for the page, and the hits' bytes.
    expect(moved('foundation_response_cache_misses_total')).toBeGreaterThanOrEqual(2);
    expect(moved('foundation_response_cache_hits_total')).toBe(2);
    expect(moved('foundation_response_cache_served_bytes_total')).toBeGreaterThan(100);
    expect(sampled(samples, 'foundation_response_cache_bytes')).toBeGreaterThan(0);

    // One page rendered (the second came from memory).
    expect(moved('foundation_page_render_seconds_count')).toBe(1);
    expect(moved('foundation_page_render_seconds_sum')).toBeGreaterThan(0);

    // Sign-ins and the rate limit.
    expect(moved('foundation_sign_in_failures_total')).toBe(2);
    expect(moved('foundation_sign_in_lockouts_total')).toBe(1);
    expect(moved('foundation_rate_limit_refusals_total', { budget: 'signIn' })).toBe(1);

    // The database's connections.
    expect(sampled(samples, 'foundation_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(has(samples, 'foundation_db_pool_idle')).toBe(true);
    expect(sampled(samples, 'foundation_db_pool_waiting')).toBe(0);

    // The outbox: the mail waits (it was queued more than five seconds ago), none has failed.
    expect(sampled(samples, 'foundation_mail_outbox_queued')).toBe(1);
    expect(sampled(samples, 'foundation_mail_outbox_retrying')).toBe(0);
    expect(sampled(samples, 'foundation_mail_outbox_failed')).toBe(0);
    expect(sampled(samples, 'foundation_mail_outbox_oldest_queued_seconds')).toBeGreaterThanOrEqual(4);

    // The newest backup.
    expect(sampled(samples, 'foundation_backup_last_timestamp_seconds')).toBe(backupAt.getTime() / 1000);
    expect(sampled(samples, 'foundation_backup_last_size_bytes')).toBe(4321);

    // Node's own.
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(has(samples, name), name).toBe(true);
  }, 30_000);

  it('refuses a scrape without the token, or with a wrong one, as other 401s are', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-of-some-length',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().message).toBeTruthy();
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers a scrape naming the server by address, and keeps no copy of it', async () => {
    const headers = { authorization: `Bearer ${TOKEN}`, host: '10.0.0.5:3000' };
    const first = await t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const hits = t.app.responseCache.stats().hits;
    await t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(t.app.responseCache.stats().hits).toBe(hits);
  });

  it('is not in the API document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });
});

describe('metrics turned off, or served elsewhere', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('answers 404, as any unknown path, when no METRICS_* is set', async () => {
    const t = await createTestApp('pglite', { staticDir: builtClient(), renderer });
    apps.push(t);
    expect(t.app.metrics).toBeNull();
    for (const headers of [{ authorization: `Bearer ${TOKEN}` }, PAGE]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      const unknown = await t.app.inject({ method: 'GET', url: '/no-such-metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
    }
  });

  it('serves them on a listener of their own with METRICS_PORT, and not on the app', async () => {
    const port = await freePort();
    const t = await createTestApp('pglite', {
      staticDir: builtClient(),
      renderer,
      env: { METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' },
    });
    apps.push(t);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const listener = await startMetricsListener(t.app.metrics!, { host: '127.0.0.1', port, token: undefined });
    try {
      expect(listener.port).toBe(port);
      await t.app.inject({ method: 'GET', url: '/healthz' });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const samples = parse(await res.text());
      expect(sampled(samples, 'http_request_duration_seconds_count', { route: '/healthz' })).toBe(1);
      const other = await fetch(`http://127.0.0.1:${port}/`);
      expect(other.status).toBe(404);
      expect((await other.json()).message).toBeTruthy();
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await listener.close();
    }
  });

  it('asks the listener for the token too when both are set', async () => {
    const t = await createTestApp('pglite', { env: { METRICS_PORT: String(await freePort()), METRICS_TOKEN: TOKEN } });
    apps.push(t);
    const listener = await startMetricsListener(t.app.metrics!, { host: '127.0.0.1', port: 0, token: TOKEN });
    try {
      const url = `http://127.0.0.1:${listener.port}/metrics`;
      const refused = await fetch(url);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    } finally {
      await listener.close();
    }
  });

  it('compares the bearer token whole', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer  ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [undefined, '', 'Bearer ', `Bearer ${TOKEN.slice(1)}`, `Bearer ${TOKEN} more`, TOKEN])
      expect(bearerMatches(header, TOKEN), String(header)).toBe(false);
  });

  it('refuses bad settings with one line naming the variable', () => {
    const base = { JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/^Invalid configuration: METRICS_TOKEN must/);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: `${'a'.repeat(20)} b` })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ ...base, METRICS_PORT: '70000' })).toThrow(/^Invalid configuration: METRICS_PORT must/);
    expect(() => loadConfig({ ...base, METRICS_HOST: '10.0.0.5' })).toThrow(
      /METRICS_HOST must be set with METRICS_PORT/,
    );
    expect(() => loadConfig({ ...base, PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ/);
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({
      token: undefined,
      host: '127.0.0.1',
      port: 9464,
    });
  });
});

describe('the alert rules', () => {
  const promtool = spawnSync('promtool', ['--version']).status === 0;
  if (!promtool) {
    if (process.env.REQUIRE_PROMTOOL === '1')
      throw new Error("promtool is missing and REQUIRE_PROMTOOL=1: install Debian's prometheus package.");
    const bar = '!'.repeat(78);
    console.warn(
      `\n${bar}\npromtool not found: the ALERT RULES WERE NOT CHECKED.\nInstall it with: apt-get install prometheus\n${bar}\n`,
    );
  }

  it.skipIf(!promtool)('pass promtool check rules', () => {
    const result = spawnSync('promtool', ['check', 'rules', path.join(ROOT, 'deploy/prometheus/alerts.yml')], {
      encoding: 'utf8',
    });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('name only metrics the server exports', async () => {
    const rules = fs.readFileSync(path.join(ROOT, 'deploy/prometheus/alerts.yml'), 'utf8');
    const t = await createTestApp('pglite', { env: { METRICS_TOKEN: TOKEN } });
    try {
      const text = (
        await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
      ).body;
      const exported = new Set([...text.matchAll(/^# TYPE (\S+) (\S+)/gm)].map((m) => m[1]));
      const named = new Set([...rules.matchAll(/\b((?:foundation|http)_[a-z_]+)/g)].map((m) => m[1]!));
      expect(named.size).toBeGreaterThan(4);
      for (const name of named) {
        const base = name.replace(/_(bucket|count|sum)$/, '');
        expect(exported.has(name) || exported.has(base), name).toBe(true);
      }
    } finally {
      await t.close();
    }
  });
});

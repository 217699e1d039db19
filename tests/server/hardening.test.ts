import http from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config';
import { makeImage } from '../fixtures/images';
import { multipartBody } from '../fixtures/multipart';
import { createTestApp, type TestApp, testConfig } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, contactPayload } from '../helpers/fixtures';
import { waitFor } from '../helpers/wait';

describe('configuration refusals', () => {
  it('refuses CORS_ORIGINS=* with a clear line, since the API allows credentials', () => {
    expect(() => testConfig({ CORS_ORIGINS: '*' })).toThrow(ConfigError);
    expect(() => testConfig({ CORS_ORIGINS: 'https://a.example, *' })).toThrow(
      /^Invalid configuration: CORS_ORIGINS cannot be \* \(the API allows credentials\)/,
    );
    expect(testConfig({ CORS_ORIGINS: 'https://a.example,https://b.example' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('limits sign-in to 20 attempts per address a minute and ends idle sessions after an hour, by default', () => {
    const defaults = testConfig({ SIGN_IN_ATTEMPTS_PER_MINUTE: '', SESSION_IDLE_MINUTES: '' });
    expect(defaults.signInAttemptsPerMinute).toBe(20);
    expect(defaults.sessionIdleMinutes).toBe(60);
    expect(defaults.tokenTtlHours).toBe(12);
    expect(defaults.submissionRetentionDays).toBeUndefined();
  });

  it('refuses to start in production without PUBLIC_URL, and names the variable', () => {
    expect(() => testConfig({ NODE_ENV: 'production' })).toThrow(
      /^Invalid configuration: PUBLIC_URL must be set in production/,
    );
    const live = testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://arewa.example' });
    expect(live).toMatchObject({ publicUrl: 'https://arewa.example', allowedHosts: ['arewa.example'] });
    // A local run links to where it listens, and answers to the loopback names.
    const local = testConfig({ PORT: '4100' });
    expect(local.publicUrl).toBe('http://localhost:4100');
    expect(local.allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(testConfig({ ALLOWED_HOSTS: 'Arewa.example, www.arewa.example' }).allowedHosts).toEqual([
      'arewa.example',
      'www.arewa.example',
    ]);
    expect(() => testConfig({ ALLOWED_HOSTS: 'https://arewa.example' })).toThrow(
      /^Invalid configuration: ALLOWED_HOSTS/,
    );
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses true', () => {
    expect(testConfig({}).trustProxy).toBe(false);
    expect(testConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(testConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(testConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const value of ['true', 'yes', 'TRUE']) {
      expect(() => testConfig({ TRUST_PROXY: value })).toThrow(
        'Invalid configuration: TRUST_PROXY cannot be true (any client could forge its address)',
      );
    }
    for (const value of ['proxy.example', '10.0.0.0/33', '300.1.1.1', '1.2.3.4/8/9', '999']) {
      expect(() => testConfig({ TRUST_PROXY: value }), value).toThrow(
        'Invalid configuration: TRUST_PROXY must be a number of proxies',
      );
    }
  });
});

describe.each(testDatabases())('answers on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      staticDir: builtClient({ withSourceMap: true }),
      env: { CORS_ORIGINS: 'https://partner.example' },
    });
  });
  afterAll(() => t.close());

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('carries a strict policy, HSTS of a year and a referrer policy on pages, API answers and errors', async () => {
    for (const res of [
      await page('/'),
      await t.app.inject({ method: 'GET', url: '/campaigns' }),
      await t.app.inject({ method: 'GET', url: '/api/nothing' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
    ]) {
      const csp = String(res.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ]) {
        expect(csp, directive).toContain(directive);
      }
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      const hsts = /max-age=(\d+)/.exec(String(res.headers['strict-transport-security']));
      expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('keeps pages and JSON to this origin and lets other sites show only images', async () => {
    for (const res of [
      await page('/'),
      await t.app.inject({ method: 'GET', url: '/campaigns' }),
      await t.app.inject({ method: 'GET', url: '/trpc/campaign.list' }),
      await t.app.inject({ method: 'GET', url: '/api/nothing' }),
    ]) {
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    const body = await multipartBody([{ field: 'image', data: await makeImage('png') }]);
    const uploaded = await t.asAdmin({ method: 'POST', url: '/upload/single', ...body });
    const image = await t.app.inject({ method: 'GET', url: `/api/uploads/${uploaded.json().path.split('/').pop()}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('allows credentials only to the listed origins', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/submissions',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const listed = await preflight('https://partner.example');
    expect(listed.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never serves a source map', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' })).statusCode).toBe(200);
    const map = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' });
    expect(map.body).not.toContain('secret.ts');
    const encoded = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js%2Emap' });
    expect(encoded.body).not.toContain('secret.ts');
  });

  it('writes any campaign title into the page head literally: $ patterns, <, quotes and newlines', async () => {
    const titles = [
      "Wells $` and $& and $' and $$ and $1",
      '</title><script>alert(1)</script>',
      'Say "hi" & \'bye\'\nnext line',
    ];
    for (const title of titles) {
      const created = await t.asAdmin({ method: 'POST', url: '/campaigns', payload: campaignPayload({ title }) });
      expect(created.statusCode).toBe(201);
      const id = created.json().campaign._id;
      const html = (await page(`/campaign/${id}`)).body;
      const head = html.slice(0, html.indexOf('</head>'));
      const escaped = title
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;');
      expect(head).toContain(`<title>${escaped}`);
      expect(html.match(/<!doctype html>/g)).toHaveLength(1);
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).not.toContain('<!--app-head-->');
    }
  });
});

describe('request logs', () => {
  it('hold the method, path and client address, and no headers, query strings or bodies', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await createTestApp('pglite', { logger: { stream }, env: { LOG_LEVEL: 'info' } });
    try {
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/verify?email=ada.secret@example.org',
        headers: {
          authorization: `Bearer ${t.token}`,
          'proxy-authorization': 'Basic cHJveHk6c2VjcmV0',
          cookie: 'session=cookie-secret',
          'x-api-key': 'key-secret',
          'user-agent': 'Mozilla/5.0 (Linux; Android 10; a phone model)',
        },
        remoteAddress: '198.51.100.77',
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/submissions/contact/register',
        payload: contactPayload({ email: 'body.secret@example.org', name: 'Hauwa Secret' }),
      });
      const log = lines.join('');
      expect(log).toContain('/api/auth/verify');
      expect(log).toContain('/api/submissions/contact/register');
      expect(log).toContain('198.51.100.77');
      for (const secret of [
        t.token,
        'cHJveHk6c2VjcmV0',
        'cookie-secret',
        'key-secret',
        'ada.secret',
        'body.secret',
        'Hauwa Secret',
        'Android',
        'headers',
      ]) {
        expect(log, secret).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});

describe.each(testDatabases())('upload streams on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  /**
   * Sends a multipart upload whose parts arrive slowly, and answers the status together with how
   * many bytes had been written when the answer came.
   */
  function slowUpload(url: string, parts: { field: string; head: Buffer; rest: number }[]) {
    const boundary = 'xBOUNDARYx';
    return new Promise<{ status: number; body: string; written: number; total: number; connection: string }>(
      (resolve, reject) => {
        const total = parts.reduce((n, p) => n + p.head.length + p.rest, 0);
        let written = 0;
        let answered = false;
        let onAnswer = () => {};
        const answer = new Promise<void>((r) => (onAnswer = r));
        const req = http.request(`${base}${url}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${t.token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
        });
        req.on('response', (res) => {
          answered = true;
          onAnswer();
          let body = '';
          res.on('data', (d) => (body += d));
          const done = () => {
            // The rest of the body is never sent: drop the connection.
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body, written, total, connection: String(res.headers.connection) });
          };
          res.on('end', done);
          res.on('close', done);
        });
        // The server may close the connection while a write is still on its way (EPIPE): the answer
        // it sent first can still arrive, so a failure only counts when no answer follows.
        req.on('error', (error) => {
          if (!answered)
            waitFor(() => answered, { what: 'an answer after the connection failed', timeoutMs: 1_000 }).catch(() =>
              reject(error),
            );
        });
        const write = (chunk: Buffer) => {
          written += chunk.length;
          req.write(chunk);
        };
        void (async () => {
          for (const part of parts) {
            write(
              Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
              ),
            );
            write(part.head);
            // The server has the part's first bytes: give it time to refuse them (it may still be
            // busy with an earlier file) before the rest is streamed, so the test does not race it.
            if (part.rest > 0) await Promise.race([answer, new Promise((r) => setTimeout(r, 5_000))]);
            for (let sent = 0; sent < part.rest && !answered; sent += 64 * 1024) {
              await new Promise((r) => setTimeout(r, 20));
              if (!answered) write(Buffer.alloc(Math.min(64 * 1024, part.rest - sent), 7));
            }
            if (answered) return;
            write(Buffer.from('\r\n'));
          }
          if (!answered) req.end(`--${boundary}--\r\n`);
        })();
      },
    );
  }

  it('refuses a file that is not an image at its first bytes, without reading the rest', async () => {
    const before = await t.deps.db.selectFrom('uploads').select('name').execute();
    const result = await slowUpload('/upload/single', [
      { field: 'image', head: Buffer.from('this is not an image, it is a script '.repeat(4)), rest: 4 * 1024 * 1024 },
    ]);
    expect(result.status).toBe(415);
    expect(result.connection).toBe('close');
    expect(JSON.parse(result.body).message).toBe('Only JPEG, PNG, WebP, GIF and AVIF images are accepted');
    // The answer came long before the 4 MB were sent.
    expect(result.written).toBeLessThan(result.total / 4);
    expect(await t.deps.db.selectFrom('uploads').select('name').execute()).toEqual(before);
  });

  it('stops /upload/multiple at a bad second file and stores nothing of the first', async () => {
    const before = await t.deps.db.selectFrom('uploads').select('name').execute();
    const good = await makeImage('jpeg', 640, 480);
    const result = await slowUpload('/upload/multiple', [
      { field: 'images', head: good, rest: 0 },
      {
        field: 'images',
        head: Buffer.from('%PDF-1.7 not an image at all, padded out to more than the 64 bytes the type is told from'),
        rest: 3 * 1024 * 1024,
      },
    ]);
    expect(result.status).toBe(415);
    expect(result.written).toBeLessThan(result.total / 2);
    expect(await t.deps.db.selectFrom('uploads').select('name').execute()).toEqual(before);
  });
});

/**
 * The REST API's contract: every REST route is in the OpenAPI document and every entry is a route;
 * the document is valid OpenAPI 3.1; the example bodies it shows pass an OpenAPI request validator
 * and the real server, and the server's real answers pass the document's response schemas.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import OpenAPIBackend, { type Document, type Operation } from 'openapi-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { campaignPayload, volunteerPayload } from '../helpers/fixtures';

/** Routes that are not the REST API: the pages, our screens' tRPC, the reference pages, CORS preflight. */
const NOT_REST = [
  /^\/\*$/,
  /^\/robots\.txt$/,
  /^\/sitemap\.xml$/,
  /^\/offline$/,
  /^\/trpc\//,
  /^\/api\/docs/,
  /^\/api\/openapi\.json$/,
  /^\*$/,
];

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** '/campaigns/:id' → '/campaigns/{id}', and the uploads wildcard → '{name}'. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{name}');

let testApp: TestApp;
let document: Document;
let api: OpenAPIBackend;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  testApp = await createTestApp('pglite', { onRoute: (route) => routes.push(route) });
  const answer = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  document = answer.json();
  // The request and response validator. Quick mode skips its own check of the document, which
  // knows OpenAPI 3.0 only; a 3.1 validator checks the document below.
  api = new OpenAPIBackend({
    definition: document,
    strict: true,
    quick: true,
    ignoreTrailingSlashes: false,
    // The document says `format: email`; the validator checks it as a plain address shape.
    customizeAjv: (ajv) => ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/),
  });
  await api.init();
}, 60_000);

afterAll(() => testApp.close());

/** Every operation of the document with its method and path. */
function operations(): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = (item as Record<string, Operation | undefined>)[method];
      return operation ? [{ method, path, operation: { ...operation, method, path } as Operation }] : [];
    }),
  );
}

const operationOf = (method: string, path: string) => {
  const found = operations().find((o) => o.method === method && o.path === path);
  if (!found) throw new Error(`no ${method} ${path} in the document`);
  return found.operation;
};

/** The example request body an operation shows. */
const exampleOf = (operation: Operation): unknown =>
  (operation.requestBody as { content?: Record<string, { example?: unknown }> } | undefined)?.content?.[
    'application/json'
  ]?.example;

/** Asserts a real answer matches the document's schema for its status. */
function expectDocumented(method: string, path: string, statusCode: number, body: unknown) {
  const operation = operationOf(method, path);
  expect(Object.keys(operation.responses ?? {})).toContain(String(statusCode));
  const result = api.validateResponse(body, operation, statusCode);
  expect(result.errors ?? [], `${method} ${path} ${statusCode}`).toEqual([]);
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every REST route, and only routes that exist', () => {
    const served = new Set(
      routes
        .filter((route) => !NOT_REST.some((re) => re.test(route.url)))
        .flatMap((route) => [route.method].flat().map((m) => `${m.toLowerCase()} ${openApiPath(route.url)}`))
        .filter((entry) => !entry.startsWith('head ')),
    );
    const documented = new Set(operations().map((o) => `${o.method} ${o.path}`));
    expect(
      [...served].filter((r) => !documented.has(r)),
      'routes without an entry',
    ).toEqual([]);
    expect(
      [...documented].filter((d) => !served.has(d)),
      'entries without a route',
    ).toEqual([]);
    expect(documented.size).toBeGreaterThanOrEqual(18);
  });

  it('marks staff operations with the bearer scheme and lists their 401', () => {
    /** What anyone may call: reading the public data, the forms, pledging, signing in, a forgotten password. */
    const isPublic = (method: string, path: string) =>
      /register|login|^\/api\/auth\/(?:forgot|reset)-password$/.test(path) ||
      (method === 'post' && path === '/api/pledges') ||
      // A donor pays a pledge online; Paystack signs its webhook instead of a bearer token.
      (method === 'post' && path === '/api/pledges/{reference}/pay') ||
      // A donor who lost a reference asks for the links by mail.
      (method === 'post' && path === '/api/pledges/lookup') ||
      path === '/api/payments/paystack/webhook' ||
      /^\/(?:api\/)?newsletter\//.test(path) ||
      (method === 'get' && /^\/api\/pledges\/\{reference\}/.test(path)) ||
      (method === 'get' &&
        (/^\/campaigns/.test(path) || /^\/api\/uploads/.test(path) || /^\/(healthz|readyz)/.test(path)));
    for (const { method, path, operation } of operations()) {
      const isAdmin = !isPublic(method, path);
      expect(Boolean(operation.security?.length), `${method} ${path}`).toBe(isAdmin);
      if (isAdmin) expect(Object.keys(operation.responses ?? {}), `${method} ${path}`).toContain('401');
    }
    expect(document.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('gives every JSON body an example that passes the OpenAPI request validator', () => {
    const withBodies = operations().filter(({ operation }) => operation.requestBody);
    expect(withBodies.length).toBeGreaterThanOrEqual(9);
    for (const { method, path, operation } of withBodies) {
      if (!Object.hasOwn((operation.requestBody as { content: object }).content, 'application/json')) continue;
      const example = exampleOf(operation);
      expect(example, `${method} ${path} has an example`).toBeDefined();
      const concretePath = path
        .replace('{type}', 'volunteer')
        .replace(/\{\w+\}/g, '0192d4e8-7a51-7c3e-9b1f-3c2a5d6e7f80');
      const result = api.validateRequest(
        {
          method,
          path: concretePath,
          body: example,
          headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
        },
        operation,
      );
      expect(result.errors ?? [], `${method} ${path}`).toEqual([]);
    }
  });

  it('gives every JSON 2xx answer an example that passes its schema', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const { method, path, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const json = (response as { content?: Record<string, { example?: unknown }> }).content?.['application/json'];
        if (!status.startsWith('2') || !json) continue;
        const name = `${method} ${path} ${status}`;
        if (json.example === undefined) {
          missing.push(name);
          continue;
        }
        const result = api.validateResponse(json.example, operation, Number(status));
        expect(result.errors ?? [], name).toEqual([]);
        checked++;
      }
    }
    expect(missing, 'JSON 2xx answers without an example').toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(41);
  });

  it('states the paging style once, on the `before` parameter every paged operation refers to', async () => {
    // A fresh copy: the validator resolves references in the one it was given.
    const fresh = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const shared = fresh.components.parameters.before;
    expect(shared).toMatchObject({ name: 'before', in: 'query', required: false });
    expect(shared.description).toContain('`next`');
    const paged = Object.entries(fresh.paths as Record<string, Record<string, { parameters?: object[] }>>)
      .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method, path, operation })))
      .filter(({ operation }) =>
        operation.parameters?.some((p) => JSON.stringify(p) === '{"$ref":"#/components/parameters/before"}'),
      )
      .map(({ method, path }) => `${method} ${path}`);
    expect(paged).toEqual(expect.arrayContaining(['get /api/audit', 'get /api/pledges', 'get /api/submissions']));
    expect(JSON.stringify(fresh.paths)).not.toContain('"name":"before"');
    expect(JSON.stringify(fresh.paths)).not.toMatch(/"name":"cursor"|"nextCursor"/);
  });

  it('documents the headers clients rely on: Retry-After, Location, ETag and Cache-Control', () => {
    for (const { method, path, operation } of operations()) {
      const responses = (operation.responses ?? {}) as Record<string, { headers?: Record<string, unknown> }>;
      if (responses['429'])
        expect(Object.keys(responses['429'].headers ?? {}), `${method} ${path}`).toContain('Retry-After');
      if (responses['303'])
        expect(Object.keys(responses['303'].headers ?? {}), `${method} ${path}`).toContain('Location');
    }
    for (const path of ['/campaigns', '/campaigns/{id}', '/api/uploads/{name}']) {
      const ok = operationOf('get', path).responses?.['200'] as { headers?: Record<string, unknown> };
      expect(Object.keys(ok.headers ?? {}), path).toEqual(expect.arrayContaining(['ETag', 'Cache-Control']));
    }
  });

  it('documents the HTML form posts and the page that GET /campaigns also is', () => {
    for (const path of ['/api/submissions/volunteer/register', '/api/pledges']) {
      const body = operationOf('post', path).requestBody as { content: Record<string, unknown> };
      expect(Object.keys(body.content), path).toContain('application/x-www-form-urlencoded');
    }
    const refused = operationOf('post', '/api/submissions/volunteer/register').responses?.['400'] as {
      content: Record<string, unknown>;
    };
    expect(Object.keys(refused.content)).toEqual(expect.arrayContaining(['application/json', 'text/html']));
    const list = operationOf('get', '/campaigns').responses?.['200'] as { content: Record<string, unknown> };
    expect(Object.keys(list.content)).toContain('text/html');
  });

  it('states the ranges and choices the server enforces', () => {
    const status = operationOf('put', '/api/submissions/{type}/{id}/status').requestBody as {
      content: { 'application/json': { schema: { properties: { status: { enum: string[] } } } } };
    };
    expect(status.content['application/json'].schema.properties.status.enum).toEqual(
      expect.arrayContaining(['pending', 'approved', 'rejected', 'active', 'unsubscribed']),
    );
    const limit = (operationOf('get', '/campaigns').parameters as { name: string; schema: object }[]).find(
      (p) => p.name === 'limit',
    );
    expect(limit?.schema).toMatchObject({ type: 'integer', minimum: 1 });
    const pledge = operationOf('post', '/api/pledges').requestBody as {
      content: { 'application/json': { schema: { properties: { amount: object } } } };
    };
    expect(pledge.content['application/json'].schema.properties.amount).toEqual({
      type: 'integer',
      minimum: 100,
      maximum: 10_000_000,
    });
    const text = JSON.stringify(document);
    expect(text).toContain('"format":"email"');
    expect(text).toContain('"maxItems":8');
    expect(text).toContain('"pattern":"^\\\\d{10}$"');
  });

  it('refuses, in the validator, what the server refuses', () => {
    const operation = operationOf('post', '/api/submissions/volunteer/register');
    const result = api.validateRequest(
      {
        method: 'post',
        path: '/api/submissions/volunteer/register',
        body: { firstName: 'A' },
        headers: { 'content-type': 'application/json' },
      },
      operation,
    );
    expect(result.valid).toBe(false);
  });
});

describe('the server keeps the document', () => {
  it('accepts each example body and answers as documented', async () => {
    const created: Record<string, string> = {};
    for (const path of ['volunteer', 'partner', 'advocate', 'contact', 'newsletter']) {
      const url = `/api/submissions/${path}/register`;
      const answer = await testApp.app.inject({
        method: 'POST',
        url,
        payload: exampleOf(operationOf('post', url)) as object,
      });
      expect(answer.statusCode, url).toBe(201);
      expectDocumented('post', url, 201, answer.json());
      created[path] = answer.json().data?._id;
    }

    const statusPath = '/api/submissions/{type}/{id}/status';
    const status = await testApp.asAdmin({
      method: 'PUT',
      url: `/api/submissions/volunteer/${created.volunteer}/status`,
      payload: exampleOf(operationOf('put', statusPath)) as object,
    });
    expect(status.statusCode).toBe(200);
    expectDocumented('put', statusPath, 200, status.json());

    const campaign = await testApp.asAdmin({
      method: 'POST',
      url: '/campaigns',
      payload: exampleOf(operationOf('post', '/campaigns')) as object,
    });
    expect(campaign.statusCode).toBe(201);
    expectDocumented('post', '/campaigns', 201, campaign.json());
    const id = campaign.json().campaign._id;

    const updated = await testApp.asAdmin({ method: 'PUT', url: `/campaigns/${id}`, payload: campaignPayload() });
    expectDocumented('put', '/campaigns/{id}', 200, updated.json());

    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.org', password: 'wrong password' },
    });
    expectDocumented('post', '/api/auth/login', login.statusCode, login.json());

    const removed = await testApp.asAdmin({ method: 'DELETE', url: `/campaigns/${id}` });
    expectDocumented('delete', '/campaigns/{id}', 200, removed.json());
  });

  it('answers every documented read as documented', async () => {
    await testApp.asAdmin({ method: 'POST', url: '/campaigns', payload: campaignPayload() });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/submissions/volunteer/register',
      payload: volunteerPayload(),
    });
    const reads: [string, string, boolean][] = [
      ['/campaigns', '/campaigns', false],
      ['/campaigns?category=Water&limit=2', '/campaigns', false],
      ['/api/submissions', '/api/submissions', true],
      ['/api/dashboard/stats', '/api/dashboard/stats', true],
      ['/api/auth/verify', '/api/auth/verify', true],
      ['/healthz', '/healthz', false],
      ['/readyz', '/readyz', false],
    ];
    for (const [url, path, admin] of reads) {
      const answer = admin
        ? await testApp.asAdmin({ method: 'GET', url })
        : await testApp.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(answer.statusCode, url).toBe(200);
      expectDocumented('get', path, 200, answer.json());
    }
  });

  it('answers refusals with the documented error shape', async () => {
    const refusals: [string, string, string, object | undefined, boolean][] = [
      ['POST', '/api/submissions/volunteer/register', '/api/submissions/volunteer/register', { firstName: 'A' }, false],
      ['PUT', '/api/submissions/contact/x/status', '/api/submissions/{type}/{id}/status', { status: 'approved' }, true],
      ['GET', '/campaigns/nope', '/campaigns/{id}', undefined, false],
      ['GET', '/campaigns?limit=-1', '/campaigns', undefined, false],
      ['GET', '/api/submissions', '/api/submissions', undefined, false],
      ['DELETE', '/campaigns/x', '/campaigns/{id}', undefined, false],
    ];
    for (const [method, url, path, payload, admin] of refusals) {
      const options = { method: method as 'GET', url, payload, headers: { accept: 'application/json' } };
      const answer = admin ? await testApp.asAdmin(options) : await testApp.app.inject(options);
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expectDocumented(method.toLowerCase(), path, answer.statusCode, answer.json());
    }
  });

  it('documents the 415 of an upload that is not an image', async () => {
    const boundary = 'x-boundary';
    const answer = await testApp.asAdmin({
      method: 'POST',
      url: '/upload/single',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot an image at all\r\n--${boundary}--\r\n`,
    });
    expect(answer.statusCode).toBe(415);
    expectDocumented('post', '/upload/single', 415, answer.json());
    expect(Object.keys(operationOf('post', '/upload/multiple').responses ?? {})).toContain('415');
  });

  it('documents the 304 of a conditional read', async () => {
    const campaign = await testApp.asAdmin({ method: 'POST', url: '/campaigns', payload: campaignPayload() });
    for (const [url, path] of [
      ['/campaigns', '/campaigns'],
      [`/campaigns/${campaign.json().campaign._id}`, '/campaigns/{id}'],
    ] as const) {
      const first = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      const again = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json', 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
      expect(Object.keys(operationOf('get', path).responses ?? {}), url).toContain('304');
    }
  });
});

describe('the reference pages', () => {
  it('serve Swagger UI from our own origin with a strict policy of their own', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    const html =
      page.statusCode === 302
        ? (await testApp.app.inject({ method: 'GET', url: page.headers.location! })).body
        : page.body;
    expect(html).toContain('swagger-ui');
    expect(html).not.toMatch(/https?:\/\/(?!localhost)/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const initializer = await testApp.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });

  it('leave the site pages under their usual policy', async () => {
    const api = await testApp.app.inject({ method: 'GET', url: '/campaigns', headers: { accept: 'application/json' } });
    expect(String(api.headers['content-security-policy'])).toContain("form-action 'self'");
  });
});

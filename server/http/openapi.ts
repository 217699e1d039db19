/**
 * The REST API described by OpenAPI 3.1, generated from the routes' zod schemas: the document at
 * GET /api/openapi.json and a browsable reference (Swagger UI, served from our own origin) at
 * /api/docs. Only the reference pages get a looser Content-Security-Policy, for the UI's styles.
 */
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { FOUNDATION } from '../../shared/constants';
import { headersOf } from './route-docs';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart route's file field, for the document: multipart is read by the handler. */
    openapiFiles?: { field: string; many: boolean; fields?: Record<string, string> };
    /** An example body, shown in the document and validated against it by the contract test. */
    openapiExample?: object;
  }
}

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const DESCRIPTION = `The REST API of the ${FOUNDATION.name} website, for partners and scripts.

Admin operations need a bearer token from \`POST /api/auth/login\`, sent as \`Authorization: Bearer <token>\`.
Every refusal answers \`{message}\`; a refused input answers 400 with \`{message, errors: [{path, message}]}\`.
Requests are rate limited per client address; over the limit the answer is 429.`;

const zodTransform = createJsonSchemaTransform({ skipList: [OPENAPI_PATH, `${DOCS_PREFIX}/*`] });
const binary = { type: 'string', format: 'binary' };

/** The zod schemas as JSON Schema, plus what zod cannot say: multipart bodies and wildcard names. */
const documentRoute: SwaggerTransform = (input) => {
  // tRPC is our screens' own face (ADR 003), not part of the public API.
  if (input.url.startsWith('/trpc/')) return { schema: { ...input.schema, hide: true }, url: input.url };
  const doc = zodTransform(input as Parameters<typeof zodTransform>[0]);
  const example = input.route.config?.openapiExample;
  // Set here rather than with zod's .meta(): a refined object's metadata does not reach its JSON Schema.
  if (example && doc.schema?.body) doc.schema = { ...doc.schema, body: { ...doc.schema.body, examples: [example] } };
  // The zod transform keeps a response's description and schemas only: add back its headers and examples.
  const responses = (input.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
  const documented = doc.schema?.response as Record<string, Record<string, unknown>> | undefined;
  for (const [status, entry] of Object.entries(responses)) {
    const target = documented?.[status];
    if (!target) continue;
    const headers = headersOf(entry);
    if (headers) target.headers = headers;
    const content = (entry as { content?: Record<string, { example?: unknown }> }).content ?? {};
    for (const [type, { example }] of Object.entries(content)) {
      const media = (target.content as Record<string, Record<string, unknown>> | undefined)?.[type];
      if (media && example !== undefined) media.example = example;
    }
  }
  const files = input.route.config?.openapiFiles;
  if (files) {
    doc.schema = {
      ...doc.schema,
      consumes: ['multipart/form-data'],
      body: {
        type: 'object',
        required: [files.field],
        properties: {
          [files.field]: files.many ? { type: 'array', items: binary } : binary,
          ...Object.fromEntries(
            Object.entries(files.fields ?? {}).map(([name, description]) => [name, { type: 'string', description }]),
          ),
        },
      },
    };
  }
  // Public operations say so: no security, rather than none stated.
  if (!doc.schema?.security) doc.schema = { ...doc.schema, security: [] };
  // '/api/uploads/*' reads as '/api/uploads/{name}'.
  if (doc.url.endsWith('/*')) {
    const { '*': name, ...others } = (doc.schema?.params as { properties?: Record<string, unknown> })?.properties ?? {};
    doc.url = `${doc.url.slice(0, -1)}{name}`;
    doc.schema = { ...doc.schema, params: { type: 'object', required: ['name'], properties: { ...others, name } } };
  }
  return doc;
};

type OpenApiDocument = {
  paths?: Record<string, Record<string, { parameters?: Record<string, unknown>[] } | undefined>>;
  components?: { schemas?: Record<string, unknown>; parameters?: Record<string, unknown> };
} & Record<string, unknown>;

/** The one way lists page, said once: each paged operation's `before` refers to this parameter. */
const PAGING = `Lists come newest first, a page at a time: \`limit\` sets the rows per page, and every answer carries \`next\`, the cursor of its last row. Send that cursor back as \`before\` for the following page; \`next\` is null on the last page. A cursor is opaque: send it as it came. A forged or malformed cursor is a 400.`;

/** Every query parameter `before` becomes a reference to the shared `before` parameter. */
function withSharedPaging(doc: OpenApiDocument): OpenApiDocument {
  const ref = { $ref: '#/components/parameters/before' };
  let schema: unknown;
  for (const item of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(item)) {
      operation?.parameters?.forEach((parameter, i, all) => {
        if (parameter.in !== 'query' || parameter.name !== 'before') return;
        schema ??= parameter.schema;
        all[i] = ref;
      });
    }
  if (schema === undefined) return doc;
  const before = { name: 'before', in: 'query', required: false, description: PAGING, schema };
  return { ...doc, components: { ...doc.components, parameters: { ...doc.components?.parameters, before } } };
}

/**
 * The zod provider writes an input twin of every named schema; those no operation refers to
 * (directly or through another schema) are left out.
 */
function withoutUnusedSchemas(doc: OpenApiDocument): OpenApiDocument {
  const schemas = doc.components?.schemas ?? {};
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
  const used = new Set<string>();
  const pending = refsIn({ ...doc, components: { ...doc.components, schemas: {} } });
  while (pending.length) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...doc, components: { ...doc.components, schemas: kept } };
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${FOUNDATION.name} API`,
        version: '1.0.0',
        description: DESCRIPTION,
        contact: { name: FOUNDATION.name, email: FOUNDATION.email },
        license: { name: 'All rights reserved', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the document describes the site that serves it, whatever its address.
      servers: [{ url: '/', description: 'This site' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      tags: [
        { name: 'auth', description: 'Signing in, and your own password and sign-ins' },
        { name: 'campaigns', description: 'Fundraising campaigns' },
        { name: 'submissions', description: 'Sign-up forms, the newsletter and their review' },
        { name: 'uploads', description: 'Campaign images' },
        { name: 'dashboard', description: "The admin dashboard's figures" },
        { name: 'users', description: 'Staff accounts and their roles (admins)' },
        { name: 'settings', description: "The foundation's bank account, contact details and pledge expiry" },
        { name: 'audit', description: 'The audit trail (admins)' },
        { name: 'giving', description: 'Pledges, bank statements and gifts' },
        { name: 'backups', description: 'Backups of the whole site (admins)' },
        { name: 'outbox', description: 'Mail the site sends, and sending a message again (admins)' },
        { name: 'operations', description: 'Liveness and readiness for the process manager' },
      ],
    },
    transform: documentRoute,
    transformObject: jsonSchemaTransformObject,
  });

  let document: object | undefined;
  app.get(OPENAPI_PATH, { config: { budget: 'read' }, schema: { hide: true } }, () => {
    document ??= withoutUnusedSchemas(withSharedPaging(app.swagger() as OpenApiDocument));
    return document;
  });

  // The reference's routes are the plugin's own: each is a public read for the request budgets.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, budget: 'read' };
    });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
      staticCSP: true,
      // The UI styles elements inline; it loads nothing from other origins.
      transformStaticCSP: () =>
        [
          "default-src 'self'",
          "img-src 'self' data:",
          "style-src 'self' 'unsafe-inline'",
          "script-src 'self'",
          "connect-src 'self'",
          "object-src 'none'",
          "base-uri 'self'",
          "frame-ancestors 'none'",
        ].join('; '),
    });
  });
}

/**
 * Random bodies against every public POST: the server never answers 5xx, answers 201 (200 for a
 * login) or 4xx, and never leaves a partial row: the target table grows by exactly the one row a
 * 201 reports, and by nothing otherwise.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterInput } from '../../shared/schemas/submissions';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, FORMS, type FormType, rowCount } from '../helpers/fixtures';

type Table = (typeof FORMS)[FormType]['table'] | 'admin_users' | 'pledges';
interface Target {
  url: string;
  table: Table;
  /** A valid body, so random overrides of it often still pass. */
  valid: () => Record<string, unknown>;
}

const formTarget = (type: FormType): Target => ({
  url: `/api/submissions/${type}/register`,
  table: FORMS[type].table,
  valid: () => ({ ...FORMS[type].payload() }),
});

/** The campaign pledges are made to: created before the tests run. */
let campaignId = '';

const TARGETS: Record<FormType | 'login' | 'pledge', Target> = {
  volunteer: formTarget('volunteer'),
  partner: formTarget('partner'),
  advocate: formTarget('advocate'),
  contact: formTarget('contact'),
  newsletter: formTarget('newsletter'),
  login: {
    url: '/api/auth/login',
    table: 'admin_users',
    valid: () => ({ email: 'admin@example.org', password: 'not the password' }),
  },
  pledge: {
    url: '/api/pledges',
    table: 'pledges',
    valid: () => ({ campaignId, amount: 5000, name: 'Amina Bello', anonymous: false, phone: '0803 123 4567' }),
  },
};

/** Values that break naive handlers: odd unicode, huge and empty strings, numbers, nulls, nesting. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'Amina\u0000',
    '\u202e',
    '\ud800',
    '💧'.repeat(60),
    'Kano',
    'Fundraising',
    'a@b.co',
    '+234 803 123 4567',
  ),
  fc.integer({ min: 1, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2)),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** A valid body with some fields replaced, removed or added. */
const mutatedBody = (target: Target) =>
  fc
    .tuple(
      fc.dictionary(
        fc.constantFrom(...Object.keys(target.valid()), 'website', '__proto__', 'constructor', 'extra'),
        oddValue,
        {
          maxKeys: 4,
        },
      ),
      fc.subarray(Object.keys(target.valid())),
    )
    .map(([overrides, removed]) => {
      const body: Record<string, unknown> = target.valid();
      for (const key of removed) delete body[key];
      return JSON.stringify({ ...body, ...overrides });
    });

/** Any JSON document at all. */
const anyJson = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.anything({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? 'null'),
);

describe.each(testDatabases())('fuzzed public writes on %s', (kind) => {
  const numRuns = kind === 'pglite' ? 100 : 30;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const created = await t.asAdmin({ method: 'POST', url: '/campaigns', payload: campaignPayload() });
    campaignId = created.json().campaign._id;
  });
  afterAll(() => t.close());

  /** Sends a body and checks the answer and the row count of the target's table. */
  const sendAndCheck = async (target: Target, payload: string, contentType = 'application/json') => {
    const before = await rowCount(t.deps, target.table);
    // The newsletter answers `data: null` to everyone: whether a row is due comes from the input.
    let newsletterStores = false;
    if (target.table === 'newsletter_subscriptions') {
      const parsed = newsletterInput.safeParse(safeParse(payload));
      if (parsed.success) {
        const row = await t.deps.db
          .selectFrom('newsletter_subscriptions')
          .select('id')
          .where('email', '=', parsed.data.email)
          .executeTakeFirst();
        // A known email keeps its one row; a filled honeypot stores nothing.
        newsletterStores = row === undefined && (parsed.data.website ?? '').trim() === '';
      }
    }
    const res: LightMyRequestResponse = await t.app.inject({
      method: 'POST',
      url: target.url,
      payload,
      headers: { 'content-type': contentType },
    });
    const after = await rowCount(t.deps, target.table);
    const context = `${res.statusCode} ${res.body.slice(0, 200)} for ${payload.slice(0, 200)}`;
    expect(res.statusCode, context).toBeLessThan(500);
    if (target.table === 'admin_users') {
      expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
      expect(after).toBe(before);
    } else {
      expect([201].includes(res.statusCode) || (res.statusCode >= 400 && res.statusCode < 500), context).toBe(true);
      const stored =
        res.statusCode === 201 &&
        (target.table === 'newsletter_subscriptions' ? newsletterStores : res.json().data !== null);
      expect(after - before, context).toBe(stored ? 1 : 0);
    }
    expect(typeof res.json().message, context).toBe('string');
    return res;
  };

  it.each(Object.keys(TARGETS) as (keyof typeof TARGETS)[])('%s: random and mutated JSON bodies', async (name) => {
    const target = TARGETS[name];
    let created = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { arbitrary: mutatedBody(target), weight: 3 },
          { arbitrary: anyJson, weight: 1 },
          { arbitrary: fc.constant(null).map(() => JSON.stringify(target.valid())), weight: 1 },
        ),
        async (payload) => {
          const res = await sendAndCheck(target, payload);
          if (res.statusCode === 201) created++;
        },
      ),
      { numRuns: name === 'login' ? Math.ceil(numRuns / 2) : numRuns },
    );
    // The mutated bodies keep most fields valid, so some of them must have passed.
    if (name !== 'login') expect(created).toBeGreaterThan(0);
  });

  it.each(Object.keys(TARGETS) as (keyof typeof TARGETS)[])(
    '%s: malformed bodies and content types answer 4xx',
    async (name) => {
      const target = TARGETS[name];
      const valid = JSON.stringify(target.valid());
      const cases: [string, string][] = [
        ['{"email":', 'application/json'],
        ['', 'application/json'],
        ['not json', 'application/json'],
        ['[1,2', 'application/json'],
        ['{"a":1}}', 'application/json'],
        [valid, 'text/plain'],
        [valid, 'application/x-www-form-urlencoded'],
        // The forms take HTML form posts too (their page's no-script path), but not a bad address.
        ['email=not-an-address', 'application/x-www-form-urlencoded'],
        [valid, 'multipart/form-data; boundary=x'],
        [valid, 'application/xml'],
        [JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10) }), 'application/json'],
        ['null', 'application/json'],
        ['"a string"', 'application/json'],
        ['12', 'application/json'],
        ['[]', 'application/json'],
      ];
      for (const [payload, contentType] of cases) {
        const res = await sendAndCheck(target, payload, contentType);
        expect(res.statusCode, `${contentType} ${payload.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      }
      // A byte-order mark before valid JSON is tolerated: the invariants hold either way.
      await sendAndCheck(target, `\uFEFF${valid}`);
    },
  );
});

/** Parses as the server does: a leading byte-order mark is allowed. */
function safeParse(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

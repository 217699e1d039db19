/**
 * Random bodies against every public POST: the server never answers 5xx, answers 201 (200 for a
 * login) or 4xx, and never leaves a partial row: the target table grows by exactly the one row a
 * 201 reports, and by nothing otherwise.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterInput } from '../../shared/schemas/submissions';
import { multipartBody } from '../fixtures/multipart';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, FORMS, type FormType, rowCount } from '../helpers/fixtures';
import { deepHtml, STATEMENT_ROWS, wideHtml, xlsxWithRows } from '../helpers/statement-files';

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

/** "A" for 0 … "XFD" for 16,383, and past it. */
const columnName = (index: number): string =>
  (index >= 26 ? columnName(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A sheet cell anywhere, of any type, the row and column numbers past Excel's as well. */
const sheetCell = fc.record({
  row: fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 1_100_000 })),
  column: fc.oneof(fc.integer({ min: 0, max: 70 }), fc.integer({ min: 0, max: 16_500 })),
  type: fc.constantFrom('n', 's', 'str', 'inlineStr', 'b', 'e', 'd', 'bogus'),
  value: fc.string({ maxLength: 12 }),
});

/** Statement files of each kind, hostile ones included, made when sent. */
interface Upload {
  name: string;
  make: () => Promise<Uint8Array> | Uint8Array;
}
const upload = (name: string, make: Upload['make']): Upload => ({ name, make });

const statementFile: fc.Arbitrary<Upload> = fc.oneof(
  fc.uint8Array({ maxLength: 3000 }).map((bytes) => upload('random bytes', () => bytes)),
  fc
    .uint8Array({ maxLength: 300 })
    .map((bytes) => upload('a zip signature, then bytes', () => Buffer.concat([Buffer.from('PK\x03\x04'), bytes]))),
  fc.tuple(fc.nat(), fc.nat(255), fc.boolean()).map(([at, byte, cut]) =>
    upload(`a workbook ${cut ? 'cut' : 'with a byte changed'} at ${at}`, async () => {
      const whole = await xlsxWithRows(STATEMENT_ROWS);
      const index = at % whole.length;
      if (cut) return whole.subarray(0, index);
      whole[index] = byte;
      return whole;
    }),
  ),
  fc.array(sheetCell, { maxLength: 30 }).map((cells) =>
    upload(`a sheet with ${JSON.stringify(cells)}`, () =>
      xlsxWithRows(
        STATEMENT_ROWS +
          cells
            .map(({ row, column, type, value }) => {
              const content =
                type === 'inlineStr' ? `<is><t>${escapeXml(value)}</t></is>` : `<v>${escapeXml(value)}</v>`;
              return `<row r="${row}"><c r="${columnName(column)}${row}" t="${type}">${content}</c></row>`;
            })
            .join(''),
      ),
    ),
  ),
  fc
    .tuple(
      fc.constantFrom(...'div b p table tr td span a font li tbody'.split(' ')),
      fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 5000, max: 20_000 })),
    )
    .map(([tag, depth]) => upload(`HTML nested ${depth} <${tag}>s deep`, () => deepHtml(depth, tag))),
  fc
    .integer({ min: 1, max: 5000 })
    .map((columns) => upload(`an HTML row of ${columns} cells`, () => wideHtml(columns))),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...'<div> </div> <table> </table> <tr> <td> </td> <b> <p> </p> <!-- <script> x'.split(' ')),
        fc.integer({ min: 1, max: 50 }),
      ),
      { maxLength: 60 },
    )
    .map((parts) => {
      const soup = parts.map(([part, times]) => part.repeat(times)).join('');
      return upload(`tag soup ${soup.slice(0, 100)}`, () =>
        Buffer.from(`<html><table><tr><th>Trans. Date</th><th>Credits</th></tr>${soup}`),
      );
    }),
  fc
    .array(fc.string({ unit: 'binary', maxLength: 60 }), { maxLength: 30 })
    .map((lines) => upload('CSV lines', () => Buffer.from(['Trans Date,Narration,Debit,Credit', ...lines].join('\n')))),
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

  it('statement uploads: random bytes, broken zips, deep or wide HTML and XLSX are read or refused, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(statementFile, async ({ name, make }) => {
        const statements = await rowCount(t.deps, 'bank_statements');
        const lines = await rowCount(t.deps, 'statement_lines');
        const { payload, headers } = await multipartBody([
          { field: 'file', data: await make(), filename: 'statement' },
        ]);
        const res = await t.asAdmin({ method: 'POST', url: '/api/statements', payload, headers });
        const context = `${name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect([200, 400], context).toContain(res.statusCode);
        if (res.statusCode === 400) {
          expect(typeof res.json().message, context).toBe('string');
          expect(await rowCount(t.deps, 'statement_lines'), context).toBe(lines);
        }
        expect(await rowCount(t.deps, 'bank_statements'), context).toBe(statements + (res.statusCode === 200 ? 1 : 0));
      }),
      { numRuns },
    );
  }, 120_000);
});

/** Parses as the server does: a leading byte-order mark is allowed. */
function safeParse(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

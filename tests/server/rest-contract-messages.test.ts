/**
 * The REST contract's messages stay as written, on both databases: the spec's REST paths are
 * asked for their answers (success and refusals, in English and Hausa), and every `message` they
 * answer with, but a refused field's own, is a text of shared/messages/locked-texts.ts; each of
 * those is listed locked in both languages on the Texts screen's API, refused there in both, and a
 * correction stored before the lock is not in force.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/service';
import { corrections } from '../../server/texts/service';
import { catalogueText, type Locale } from '../../shared/messages';
import { CATALOGUE_GROUPS } from '../../shared/messages/catalogue-files';
import { lockedLanguages, REST_ANSWER_KEYS } from '../../shared/messages/locked-texts';
import type { TextItem } from '../../shared/schemas/texts';
import { multipartBody } from '../fixtures/multipart';
import { ADMIN, createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, contactPayload, FORM_TYPES, FORMS, uniqueEmail } from '../helpers/fixtures';

const HOST = 'localhost';
/** Answered under a limit, on a failure or while stopping, which other tests bring about. */
const UNASKED = [
  'auth.tooManyAttempts',
  'upload.tooLarge',
  'upload.tooMany',
  'upload.unreadable',
  'request.tooMany',
  'server.error',
  'server.stopping',
];
const ALL_KEYS = CATALOGUE_GROUPS.flatMap((group) => Object.keys(group.en));

/** A catalogue text as a pattern: each placeholder or plural stands for any words. */
function patternOf(text: string): RegExp {
  let pattern = '';
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    if (open === -1) break;
    let depth = 0;
    let end = open;
    for (; end < text.length; end++) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}' && --depth === 0) break;
    }
    pattern += `${text.slice(at, open).replace(/[.*+?^$()|[\]\\]/g, '\\$&')}[\\s\\S]+?`;
    at = end + 1;
  }
  return new RegExp(`^${pattern}${text.slice(at).replace(/[.*+?^$()|[\]\\]/g, '\\$&')}$`);
}

/**
 * The keys whose text reads as the message, in either language (a refusal made before the
 * request's language is known is in English). Texts of placeholders alone read as anything.
 */
const keysReading = (message: string) =>
  ALL_KEYS.filter((key) =>
    (['en', 'ha'] as const).some((locale) => {
      const text = catalogueText(key, locale) ?? '';
      return text.replace(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g, '').trim() !== '' && patternOf(text).test(message);
    }),
  );

describe.each(testDatabases())("the REST contract's messages on %s", (kind) => {
  let t: TestApp;
  let translator: string;
  let editor: string;
  /** A staff member still on their one-time password, and a disabled account's email. */
  let newcomer: string;
  let disabled: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ALLOWED_HOSTS: HOST } });
    translator = await issueToken(t.deps, await insertStaff(t.deps.db, 'translator'));
    editor = await issueToken(t.deps, await insertStaff(t.deps.db, 'reviewer'));
    const fresh = await insertStaff(t.deps.db, 'editor');
    await t.deps.db.updateTable('admin_users').set({ mustChangePassword: true }).where('id', '=', fresh.id).execute();
    newcomer = await issueToken(t.deps, fresh);
    disabled = (await insertStaff(t.deps.db, 'editor')).email;
    await t.deps.db.updateTable('admin_users').set({ disabledAt: new Date() }).where('email', '=', disabled).execute();
  }, 60_000);
  afterAll(() => t?.close());

  const ask = (options: InjectOptions, locale: Locale, token?: string) =>
    t.app.inject({
      ...options,
      headers: {
        host: HOST,
        'accept-language': locale,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...options.headers,
      },
    });

  /** Every answer of the spec's REST paths worth asking for, in one language. */
  async function answersIn(locale: Locale): Promise<LightMyRequestResponse[]> {
    const answers: LightMyRequestResponse[] = [];
    const go = async (options: InjectOptions, token?: string) => {
      const res = await ask(options, locale, token);
      answers.push(res);
      return res;
    };
    // POST /api/auth/login and GET /api/auth/verify.
    await go({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    await go({ method: 'POST', url: '/api/auth/login', payload: { ...ADMIN, password: 'not the password' } });
    await go({ method: 'POST', url: '/api/auth/login', payload: {} });
    await go({ method: 'GET', url: '/api/auth/verify' }, t.token);
    await go({ method: 'GET', url: '/api/auth/verify' });
    await go({ method: 'GET', url: '/api/auth/verify' }, 'not-a-token');
    await go({ method: 'POST', url: '/api/auth/login', payload: { email: disabled, password: ADMIN.password } });
    await go({ method: 'POST', url: '/campaigns', payload: campaignPayload() }, newcomer);
    // The forms, and their review.
    for (const type of FORM_TYPES)
      await go({ method: 'POST', url: `/api/submissions/${type}/register`, payload: FORMS[type].payload() });
    await go({ method: 'POST', url: '/api/submissions/volunteer/register', payload: {} });
    await go({
      method: 'POST',
      url: '/api/submissions/contact/register',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    const clientId = crypto.randomUUID();
    await go({ method: 'POST', url: '/api/submissions/contact/register', payload: { ...contactPayload(), clientId } });
    await go({
      method: 'POST',
      url: '/api/submissions/contact/register',
      payload: { ...contactPayload({ email: uniqueEmail('other') }), clientId },
    });
    const volunteer = await ask(
      { method: 'POST', url: '/api/submissions/volunteer/register', payload: FORMS.volunteer.payload() },
      locale,
    );
    const id = volunteer.json().data._id as string;
    await go({ method: 'GET', url: '/api/submissions' });
    await go({ method: 'GET', url: '/api/submissions' }, translator);
    const status = (type: string, target: string, value: string, token = t.token) =>
      go({ method: 'PUT', url: `/api/submissions/${type}/${target}/status`, payload: { status: value } }, token);
    await status('volunteer', id, 'approved');
    await status('volunteer', id, 'unsubscribed');
    await status('volunteer', '0195f0e2-7d3c-7a4b-8c5d-6e7f8a9b0c1d', 'approved');
    await status('donor', id, 'approved');
    await status('volunteer', id, 'approved', editor.replace(/.$/, 'x'));
    // The campaigns.
    await go({ method: 'GET', url: '/campaigns/0195f0e2-7d3c-7a4b-8c5d-6e7f8a9b0c1d' });
    const created = await go({ method: 'POST', url: '/campaigns', payload: campaignPayload() }, t.token);
    const campaignId = created.json().campaign._id as string;
    await go({ method: 'POST', url: '/campaigns', payload: {} }, t.token);
    await go({ method: 'POST', url: '/campaigns', payload: campaignPayload() }, translator);
    await go({ method: 'PUT', url: `/campaigns/${campaignId}`, payload: campaignPayload() }, t.token);
    await go({ method: 'DELETE', url: `/campaigns/${campaignId}` }, t.token);
    await go({ method: 'PATCH', url: `/campaigns/${campaignId}` }, t.token);
    // The uploads.
    for (const parts of [
      [{ field: 'image', data: new TextEncoder().encode('not an image'), filename: 'a.png' }],
      [{ field: 'other', data: new TextEncoder().encode('x'), filename: 'a.txt' }],
    ]) {
      const body = await multipartBody(parts);
      await go({ method: 'POST', url: '/upload/single', payload: body.payload, headers: body.headers }, t.token);
    }
    // Any path.
    await go({ method: 'GET', url: '/api/no-such-thing' });
    await go({ method: 'GET', url: '/campaigns', headers: { host: 'elsewhere.example' } });
    return answers;
  }

  it('answers only with locked texts, but for a refused field', async () => {
    for (const locale of ['en', 'ha'] as const) {
      const seen = new Set<string>();
      for (const res of await answersIn(locale)) {
        const body = res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : {};
        const message = (body as { message?: unknown }).message;
        if (typeof message !== 'string') continue;
        // A refused field's own message: it says why to a person, and staff may word it better.
        const fields = ((body as { errors?: { message: string }[] }).errors ?? []).map((e) => e.message);
        if (fields.includes(message)) continue;
        const keys = keysReading(message);
        expect(keys.length, `${res.statusCode} ${message}`).toBeGreaterThan(0);
        expect(
          keys.some((key) => lockedLanguages(key).length === 2),
          `${res.statusCode} ${message}: ${keys.join(', ')}`,
        ).toBe(true);
        for (const key of keys) if (lockedLanguages(key).length === 2) seen.add(key);
      }
      // The answers asked for reach the whole list but for limits, failures and stops.
      expect(
        REST_ANSWER_KEYS.filter((key) => !seen.has(key)),
        locale,
      ).toEqual(UNASKED);
    }
  });

  it('lists each of them locked in both languages, refuses a correction of either, and keeps none in force', async () => {
    const texts = (query: string) =>
      ask({ method: 'GET', url: `/api/texts?${query}&limit=200` }, 'en', translator).then(
        (res) => res.json().items as TextItem[],
      );
    for (const key of REST_ANSWER_KEYS) {
      const [item] = (await texts(`q=${encodeURIComponent(key)}`)).filter((i) => i.key === key);
      expect(item?.locked, key).toEqual(['en', 'ha']);
      for (const locale of ['en', 'ha'] as const) {
        const res = await ask(
          { method: 'PUT', url: `/api/texts/${encodeURIComponent(key)}`, payload: { locale, text: `${key} changed` } },
          'en',
          translator,
        );
        expect(res.statusCode, `${key} ${locale}`).toBe(400);
        expect(res.json().message).toBe(
          'This text is part of the published API, which other programs rely on: it cannot change here, in English or in Hausa',
        );
      }
    }
    expect(await t.deps.db.selectFrom('text_overrides').selectAll().execute()).toEqual([]);

    // A correction stored before the lock (a restored backup, an older site) is not in force.
    await t.deps.db
      .insertInto('text_overrides')
      .values([
        { key: 'auth.loginSuccess', locale: 'en', text: 'Welcome back', englishThen: 'Login successful' },
        { key: 'auth.loginSuccess', locale: 'ha', text: 'Barka da dawowa', englishThen: 'Login successful' },
      ])
      .execute();
    await t.deps.publicDataVersion.settle();
    for (const [locale, message] of [
      ['en', 'Login successful'],
      ['ha', catalogueText('auth.loginSuccess', 'ha')],
    ] as const) {
      const login = await ask({ method: 'POST', url: '/api/auth/login', payload: ADMIN }, locale);
      expect(login.json().message).toBe(message);
    }
    // Nor is it listed as a change, nor written to the PO files and the pull.
    const [item] = (await texts('q=auth.loginSuccess')).filter((i) => i.key === 'auth.loginSuccess');
    expect(item?.override).toEqual({});
    expect((await corrections(t.deps.db)).get('auth.loginSuccess')?.en?.text).toBeUndefined();
    await t.deps.db.deleteFrom('text_overrides').execute();
  });
});

/**
 * Interface texts staff correct, through REST and tRPC, on both databases: who may, the list in
 * the catalogue's order with search, filters and keyset pages, a correction that pages (server
 * HTML included, with its JSON script for the browser, which carries the corrections of the texts
 * the page loads only), answers and `t` use at once, the refusals (placeholders lost or repeated,
 * plurals, braces, a length out of proportion, the glossary, locked texts, unknown keys, odd
 * input) that change nothing, back to the catalogue's text, review marks that hold only while the
 * words do, corrections written before the English changed or that the rules now refuse, and the
 * audit trail.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as renderer from '../../client/entry-server';
import { pullCorrections, toPo } from '../../scripts/i18n';
import { loadCatalogues } from '../../scripts/i18n/catalogues';
import { issueToken } from '../../server/auth/service';
import { corrections } from '../../server/texts/service';
import { catalogueText, t as translate } from '../../shared/messages';
import { CATALOGUE_GROUPS } from '../../shared/messages/catalogue-files';
import { coreMessages } from '../../shared/messages/en/core';
import { type PageData, TEXT_OVERRIDES_ID } from '../../shared/page-data';
import { PAGE_PATHS } from '../../shared/page-meta';
import { ROLES, type Role } from '../../shared/roles';
import type { TextItem, TextsAnswer } from '../../shared/schemas/texts';
import { createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';
import { uniqueEmail, volunteerPayload } from '../helpers/fixtures';
import { waitFor } from '../helpers/wait';

const ALL_KEYS = CATALOGUE_GROUPS.flatMap((group) => Object.keys(group.en));
const HOME_TITLE = 'home.focusTitle';
/** A message with a count: its plural and placeholder must stay. */
const COUNTED = ALL_KEYS.find((key) => /\{count, plural,/.test(catalogueText(key, 'en') ?? ''))!;
/** A text of the spec that only the site's own pages show: its English is the spec's, its Hausa ours. */
const SPEC_KEY = 'form.registrationFailed';
/** A message a spec REST path answers with: the REST contract, in both languages. */
const API_KEY = 'auth.loginSuccess';
/** A text whose Hausa once rendered "subscribers" as people who pay, before the glossary refused it. */
const AUDIENCE = 'editions.audience';
const OLD_AUDIENCE = 'Za ta kai ga masu biyan kuɗin shiga {count}: {en} da Turanci, {ha} da Hausa.';

describe.each(testDatabases())('texts staff correct, on %s', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    t = await createTestApp(kind, { staticDir: builtClient(), renderer, env: { ALLOWED_HOSTS: 'localhost' } });
    for (const role of ROLES) tokens[role] = await issueToken(t.deps, await insertStaff(t.deps.db, role));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.deps.db.deleteFrom('text_overrides').execute();
    await t.deps.db.deleteFrom('audit_events').where('action', 'like', 'text.%').execute();
  });

  const as = (role: Role | null, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { host: 'localhost', ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}) },
    });
  const list = async (query: string, role: Role = 'translator') => {
    const res = await as(role, 'GET', `/api/texts?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TextsAnswer;
  };
  const itemOf = async (key: string, locale = 'ha') =>
    (await list(`q=${encodeURIComponent(key)}&locale=${locale}&limit=200`)).items.find((item) => item.key === key)!;
  const put = (key: string, body: object, role: Role = 'translator') =>
    as(role, 'PUT', `/api/texts/${encodeURIComponent(key)}`, body);
  const rows = () => t.deps.db.selectFrom('text_overrides').selectAll().execute();
  const auditOf = (action: string) =>
    t.deps.db.selectFrom('audit_events').selectAll().where('action', '=', action).execute();

  it('is for admins and translators only', async () => {
    for (const role of ROLES) {
      const res = await as(role, 'GET', '/api/texts?limit=1');
      expect(res.statusCode, role).toBe(role === 'admin' || role === 'translator' ? 200 : 403);
      expect((await put(HOME_TITLE, { locale: 'ha', text: 'x' }, role)).statusCode, role).toBe(
        role === 'admin' || role === 'translator' ? 200 : 403,
      );
    }
    expect((await as(null, 'GET', '/api/texts')).statusCode).toBe(401);
    expect((await as(null, 'PUT', `/api/texts/${HOME_TITLE}`, { locale: 'ha', text: 'x' })).statusCode).toBe(401);
  });

  it("lists every text in the catalogue's order, a page at a time, with search and counts", async () => {
    const seen: string[] = [];
    let before = '';
    for (;;) {
      const page = await list(`limit=200${before ? `&before=${encodeURIComponent(before)}` : ''}`);
      seen.push(...page.items.map((item) => item.key));
      expect(page.counts.total).toBe(ALL_KEYS.length);
      if (!page.next) break;
      before = page.next;
    }
    expect(seen).toEqual(ALL_KEYS);

    const found = await list(`q=${encodeURIComponent('what we focus')}`);
    expect(found.items.map((item) => item.key)).toContain(HOME_TITLE);
    const item = found.items.find((i) => i.key === HOME_TITLE)!;
    expect(item).toMatchObject({
      group: 'public',
      place: '/',
      en: catalogueText(HOME_TITLE, 'en'),
      ha: catalogueText(HOME_TITLE, 'ha'),
      override: {},
      placeholders: [],
      stale: false,
      locked: [],
    });
    expect(item.reviewedBy).toBeUndefined();
    const counted = await itemOf(COUNTED);
    expect(counted.placeholders).toContain('count');
    expect((await itemOf(SPEC_KEY)).locked).toEqual(['en']);
    expect((await itemOf(API_KEY)).locked).toEqual(['en', 'ha']);
  });

  it('refuses odd queries with 400', async () => {
    for (const query of [
      'limit=0',
      'limit=201',
      'limit=x',
      'locale=fr',
      'filter=all',
      'before=no.such.key',
      `q=${'a'.repeat(201)}`,
    ])
      expect((await as('translator', 'GET', `/api/texts?${query}`)).statusCode, query).toBe(400);
  });

  it('puts a correction in force at once: t, the page and its script for the browser', async () => {
    const text = 'Abin da muke yi a yankunanmu';
    const res = await put(HOME_TITLE, { locale: 'ha', text: `  ${text} ` });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as TextItem;
    expect(saved.override).toEqual({ ha: text });
    expect(saved.ha).toBe(catalogueText(HOME_TITLE, 'ha'));
    expect(translate(HOME_TITLE, undefined, 'ha')).toBe(text);
    expect(translate(HOME_TITLE, undefined, 'en')).toBe(catalogueText(HOME_TITLE, 'en'));

    const page = await t.app.inject({ url: '/?lang=ha', headers: { host: 'localhost', accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(text);
    expect(page.body).toContain(`<script type="application/json" id="${TEXT_OVERRIDES_ID}">`);
    const english = await t.app.inject({ url: '/?lang=en', headers: { host: 'localhost', accept: 'text/html' } });
    expect(english.body).not.toContain(text);
    expect(english.body).not.toContain(TEXT_OVERRIDES_ID);

    const [event] = await auditOf('text.changed');
    expect(event).toMatchObject({ target: HOME_TITLE, summary: 'ha' });
    // The same words again change nothing and are not audited twice.
    await put(HOME_TITLE, { locale: 'ha', text });
    expect(await auditOf('text.changed')).toHaveLength(1);

    // The catalogue's own words take the correction away.
    const back = await put(HOME_TITLE, { locale: 'ha', text: catalogueText(HOME_TITLE, 'ha')! });
    expect((back.json() as TextItem).override).toEqual({});
    expect(translate(HOME_TITLE, undefined, 'ha')).toBe(catalogueText(HOME_TITLE, 'ha'));
    const after = await t.app.inject({ url: '/?lang=ha', headers: { host: 'localhost', accept: 'text/html' } });
    expect(after.body).not.toContain(text);
  });

  it("sends a page the corrections of the texts it loads only, and the staff area's to a browser entering it", async () => {
    const corrected = {
      [HOME_TITLE]: 'Abin da muke yi a yankunanmu',
      'admin.login.title': "Shigar ma'aikatan gidauniya",
      'mail.application.subject': 'Mun karɓi buƙatarka, mun gode',
    };
    for (const [key, text] of Object.entries(corrected))
      expect((await put(key, { locale: 'ha', text })).statusCode, key).toBe(200);
    const overridesIn = (html: string) => {
      const script = new RegExp(`<script type="application/json" id="${TEXT_OVERRIDES_ID}">(.*?)</script>`).exec(html);
      return script ? (JSON.parse(script[1]!) as Record<string, string>) : {};
    };
    const page = await t.app.inject({ url: '/?lang=ha', headers: { host: 'localhost', accept: 'text/html' } });
    expect(overridesIn(page.body)).toEqual({ [HOME_TITLE]: corrected[HOME_TITLE] });
    const shell = await t.app.inject({ url: '/login?lang=ha', headers: { host: 'localhost', accept: 'text/html' } });
    expect(overridesIn(shell.body)).toEqual({
      [HOME_TITLE]: corrected[HOME_TITLE],
      'admin.login.title': corrected['admin.login.title'],
    });
    // What a browser that started on a public page fetches with the staff area's code.
    const staff = await t.app.inject({
      url: `/trpc/texts.corrections?input=${encodeURIComponent(JSON.stringify({ json: { locale: 'ha' } }))}`,
      headers: { host: 'localhost' },
    });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().result.data.json).toEqual({ 'admin.login.title': corrected['admin.login.title'] });
    const english = await t.app.inject({
      url: `/trpc/texts.corrections?input=${encodeURIComponent(JSON.stringify({ json: { locale: 'en' } }))}`,
      headers: { host: 'localhost' },
    });
    expect(english.json().result.data.json).toEqual({});

    // A public page shows every page's texts only, whose corrections it carries.
    const core = new Set(Object.keys(coreMessages));
    for (const path of [...PAGE_PATHS.filter((p) => p !== '/login'), '/no-such-page']) {
      const res = await t.app.inject({ url: path, headers: { host: 'localhost', accept: 'text/html' } });
      const data = /<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(res.body)?.[1];
      const shown = Object.keys((JSON.parse(data!) as PageData).texts ?? {});
      expect(shown.length, path).toBeGreaterThan(0);
      expect(
        shown.filter((key) => !core.has(key)),
        path,
      ).toEqual([]);
    }
  });

  it('writes mails in the corrected words', async () => {
    const subject = 'Mun karɓi buƙatarka ta aikin sa-kai, mun gode';
    expect((await put('mail.application.subject', { locale: 'ha', text: subject })).statusCode).toBe(200);
    const email = uniqueEmail('volunteer');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions/volunteer/register',
      headers: { host: 'localhost', 'accept-language': 'ha' },
      payload: volunteerPayload({ email }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await waitFor(
      () => t.deps.db.selectFrom('mail_outbox').select('subject').where('toAddress', '=', email).executeTakeFirst(),
      { what: 'the acknowledgement' },
    );
    expect(mail?.subject).toBe(subject);
  });

  it('refuses a text that loses a placeholder, breaks a plural or a brace, or changes the API, and keeps nothing', async () => {
    const english = catalogueText(COUNTED, 'en')!;
    const cases: [string, object, RegExp][] = [
      [COUNTED, { locale: 'ha', text: 'Gangamai da yawa' }, /\{count\}/],
      [COUNTED, { locale: 'ha', text: english.replace(/other \{[^}]*\}/, '') }, /\{count\}/],
      [HOME_TITLE, { locale: 'ha', text: 'Abin da {muke yi' }, /\{ \}/],
      [HOME_TITLE, { locale: 'ha', text: 'Sannu {name}' }, /\{name\}/],
      [HOME_TITLE, { locale: 'ha', text: '   ' }, /./],
      [HOME_TITLE, { locale: 'ha', text: 'Abin da\r\nBcc: x@example.org' }, /one line/],
      [HOME_TITLE, { locale: 'ha', text: 'Abin da\u0000muke yi' }, /one line/],
      [SPEC_KEY, { locale: 'en', text: 'Something else' }, /specification/],
      [API_KEY, { locale: 'en', text: 'Signed in' }, /published API/],
      [API_KEY, { locale: 'ha', text: 'Barka da shigowa' }, /published API/],
      // The glossary's words and its plain apostrophe, as in the catalogue check.
      [AUDIENCE, { locale: 'ha', text: OLD_AUDIENCE }, /"subscriber" as "mai rajista"/],
      [HOME_TITLE, { locale: 'ha', text: 'Abin da muke yi wa jama’a' }, /"apostrophe" as "'"/],
    ];
    for (const [key, body, message] of cases) {
      const res = await put(key, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // Hausa of a spec message may change.
    expect((await put(SPEC_KEY, { locale: 'ha', text: `${catalogueText(SPEC_KEY, 'ha')}.` })).statusCode).toBe(200);
    await as('translator', 'DELETE', `/api/texts/${encodeURIComponent(SPEC_KEY)}?locale=ha`);

    expect((await put('no.such.key', { locale: 'ha', text: 'x' })).statusCode).toBe(404);
    expect((await put('a'.repeat(101), { locale: 'ha', text: 'x' })).statusCode).toBe(400);
    for (const body of [
      { locale: 'fr', text: 'x' },
      { locale: 'ha' },
      { locale: 'ha', text: 'x'.repeat(4001) },
      { locale: 'ha', text: 5 },
    ])
      expect((await put(HOME_TITLE, body)).statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    expect(await rows()).toEqual([]);
  });

  it('refuses a text out of proportion to the catalogue, or writing a placeholder more often, and keeps nothing', async () => {
    const cases: [string, object, RegExp][] = [
      // A thousand characters of subject: three times the catalogue's 41 is 123.
      ['mail.receipt.subject', { locale: 'en', text: `Receipt {number} ${'x'.repeat(1000)}` }, /\b123\b/],
      // A subject is never over 150, however long the catalogue's.
      [
        'alerts.unmatched.subject',
        { locale: 'en', text: `${catalogueText('alerts.unmatched.subject', 'en')} ${'x'.repeat(60)}` },
        /\b150\b/,
      ],
      // Three times the catalogue's text (and at least 80 characters) elsewhere.
      [HOME_TITLE, { locale: 'ha', text: 'Abin da muke yi '.repeat(20) }, /\b111\b/],
      [
        'mail.pledge.subject',
        { locale: 'en', text: '{reference} {reference} {reference}: {amount}' },
        /\{reference\}.*once/,
      ],
      ['mail.pledge.subject', { locale: 'ha', text: '{reference} {amount} {amount}' }, /\{amount\}/],
      [COUNTED, { locale: 'en', text: `${catalogueText(COUNTED, 'en')} {count}` }, /\{count\}/],
    ];
    for (const [key, body, message] of cases) {
      const res = await put(key, body);
      expect(res.statusCode, `${key} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(res.json().errors[0].path).toBe('text');
    }
    const hausa = await as('translator', 'PUT', '/api/texts/mail.receipt.subject', {
      locale: 'ha',
      text: `Rasiti {number} ${'x'.repeat(140)}`,
    });
    expect(hausa.statusCode).toBe(400);
    const refusedInHausa = await t.app.inject({
      method: 'PUT',
      url: '/api/texts/mail.pledge.subject',
      payload: { locale: 'en', text: '{reference} {reference}: {amount}' },
      headers: { host: 'localhost', authorization: `Bearer ${tokens.translator}`, 'accept-language': 'ha' },
    });
    expect(refusedInHausa.json().message).toBe('A rubuta {reference} sau ɗaya kawai, kamar yadda rubutun asali yake');
    const viaTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/texts.set',
      payload: { json: { key: 'mail.receipt.subject', locale: 'en', text: 'x{number}'.repeat(200) } },
      headers: { host: 'localhost', authorization: `Bearer ${tokens.translator}` },
    });
    expect(viaTrpc.statusCode).toBe(400);
    expect(await rows()).toEqual([]);
    // Within the bounds, a longer wording is a correction like any other.
    const longer = `${catalogueText(HOME_TITLE, 'ha')} — ${'a'.repeat(40)}`;
    expect((await put(HOME_TITLE, { locale: 'ha', text: longer })).statusCode).toBe(200);
  });

  it('answers the same through tRPC, from the same schema and service', async () => {
    const call = (name: string, input: object) =>
      t.app.inject({
        method: 'POST',
        url: `/trpc/texts.${name}`,
        payload: { json: input },
        headers: { host: 'localhost', authorization: `Bearer ${tokens.translator}` },
      });
    const set = await call('set', { key: HOME_TITLE, locale: 'ha', text: 'Abin da muke yi' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().result.data.json.override).toEqual({ ha: 'Abin da muke yi' });
    const refused = await call('set', { key: COUNTED, locale: 'ha', text: 'babu' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.json.message).toMatch(/\{count\}/);
    const reviewed = await call('review', { key: HOME_TITLE, locale: 'ha' });
    expect(reviewed.json().result.data.json.reviewedBy).toBe('Translator Person');
    const reset = await call('reset', { key: HOME_TITLE, locale: 'ha' });
    expect(reset.json().result.data.json.override).toEqual({});
    const listed = await t.app.inject({
      url: `/trpc/texts.list?input=${encodeURIComponent(JSON.stringify({ json: { q: HOME_TITLE } }))}`,
      headers: { host: 'localhost', authorization: `Bearer ${tokens.translator}` },
    });
    expect(listed.json().result.data.json.items[0].key).toBe(HOME_TITLE);
  });

  it('marks a text reviewed while it reads as reviewed, and says so in counts and filters', async () => {
    const res = await as('translator', 'POST', `/api/texts/${HOME_TITLE}/review`, { locale: 'ha' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ key: HOME_TITLE, reviewedBy: 'Translator Person' });
    expect((await list('locale=ha&limit=1')).counts.reviewed).toBe(1);
    expect((await list('locale=en&limit=1')).counts.reviewed).toBe(0);
    expect((await list(`locale=ha&filter=unreviewed&q=${HOME_TITLE}`)).items).toEqual([]);
    expect((await auditOf('text.reviewed'))[0]).toMatchObject({ target: HOME_TITLE, summary: 'ha' });

    // New words are not reviewed until someone marks them; going back to the reviewed words is.
    await put(HOME_TITLE, { locale: 'ha', text: 'Abin da muke yi' });
    expect((await itemOf(HOME_TITLE)).reviewedBy).toBeUndefined();
    expect((await list(`locale=ha&filter=unreviewed&q=${HOME_TITLE}`)).items).toHaveLength(1);
    expect((await list('locale=ha&filter=changed')).items.map((i) => i.key)).toEqual([HOME_TITLE]);
    const reset = await as('translator', 'DELETE', `/api/texts/${HOME_TITLE}?locale=ha`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ override: {}, reviewedBy: 'Translator Person' });
    expect(await auditOf('text.reset')).toHaveLength(1);
    // Nothing left to take back is no error and no audit.
    expect((await as('translator', 'DELETE', `/api/texts/${HOME_TITLE}?locale=ha`)).statusCode).toBe(200);
    expect(await auditOf('text.reset')).toHaveLength(1);
    expect((await as('translator', 'DELETE', `/api/texts/${HOME_TITLE}?locale=xx`)).statusCode).toBe(400);
  });

  it('shows a correction written before the English changed as needing a look', async () => {
    await put(HOME_TITLE, { locale: 'ha', text: 'Abin da muke yi' });
    await t.deps.db.updateTable('text_overrides').set({ englishThen: 'What we used to focus on' }).execute();
    expect((await itemOf(HOME_TITLE)).stale).toBe(true);
    expect((await list('filter=stale')).items.map((i) => i.key)).toEqual([HOME_TITLE]);
  });

  it('shows a correction that the rules for texts now refuse as needing a look, saying why', async () => {
    // Saved before the glossary refused "masu biyan kuɗin shiga", against today's English.
    await t.deps.db
      .insertInto('text_overrides')
      .values({ key: AUDIENCE, locale: 'ha', text: OLD_AUDIENCE, englishThen: catalogueText(AUDIENCE, 'en') })
      .execute();
    await put(HOME_TITLE, { locale: 'ha', text: 'Abin da muke yi' });
    const item = await itemOf(AUDIENCE);
    expect(item).toMatchObject({ override: { ha: OLD_AUDIENCE }, stale: true });
    expect(item.problem).toMatch(/"subscriber" as "mai rajista"/);
    expect((await itemOf(HOME_TITLE)).stale).toBe(false);
    expect((await list('filter=stale')).items.map((i) => i.key)).toEqual([AUDIENCE]);
    const po = toPo(await loadCatalogues(), 'ha', await corrections(t.deps.db));
    expect(po.split('\n\n').find((block) => block.includes(`msgctxt "${AUDIENCE}"`))).toContain('#, fuzzy');

    // Corrected in the glossary's words, it needs no look.
    const fixed = await put(AUDIENCE, {
      locale: 'ha',
      text: 'Za ta kai ga masu rajista {count}: {en} da Turanci, {ha} da Hausa',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ stale: false });
    expect(fixed.json().problem).toBeUndefined();
  });

  it('keeps one row when two corrections of a text arrive at once', async () => {
    const answers = await Promise.all([
      put(HOME_TITLE, { locale: 'ha', text: 'Na farko' }),
      put(HOME_TITLE, { locale: 'ha', text: 'Na biyu' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(['Na farko', 'Na biyu']).toContain(row!.text);
    expect(translate(HOME_TITLE, undefined, 'ha')).toBe(row!.text);
  });

  it("goes to the PO files with its marks, and back into the catalogue's files for a developer to commit", async () => {
    await put(HOME_TITLE, { locale: 'ha', text: 'Abin da muke yi' });
    await as('translator', 'POST', `/api/texts/${HOME_TITLE}/review`, { locale: 'ha' });
    await put(COUNTED, { locale: 'ha', text: `${catalogueText(COUNTED, 'ha')}!` });
    await t.deps.db.updateTable('text_overrides').set({ englishThen: 'older' }).where('key', '=', COUNTED).execute();
    const found = await corrections(t.deps.db);
    const files = await loadCatalogues();
    const po = toPo(files, 'ha', found);
    const entry = po.split('\n\n').find((block) => block.includes(`msgctxt "${HOME_TITLE}"`))!;
    expect(entry).toMatch(/^# corrected on the site by Translator Person on \d{4}-\d{2}-\d{2}$/m);
    expect(entry).toMatch(/^# reviewed by Translator Person on \d{4}-\d{2}-\d{2}$/m);
    expect(entry).toContain('msgstr "Abin da muke yi"');
    expect(po.split('\n\n').find((block) => block.includes(`msgctxt "${COUNTED}"`))).toContain('#, fuzzy');

    const pulled = pullCorrections(files, found);
    const publicFile = pulled.find(({ file }) => file.file === 'public')!;
    expect(publicFile.changed).toEqual(['ha']);
    expect(publicFile.file.translations.ha[HOME_TITLE]).toBe('Abin da muke yi');
    expect(publicFile.file.en[HOME_TITLE]).toBe(catalogueText(HOME_TITLE, 'en'));
    expect(pulled.reduce((n, { count }) => n + count, 0)).toBe(2);
  });
});

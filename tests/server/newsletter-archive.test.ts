/**
 * The newsletter's public archive, rendered on the server on both databases: the list of sent
 * editions (newest first, a page of twelve at a time through `?before=` links), each edition's
 * page with its Open Graph head, in English and in Hausa (English standing in for a missing Hausa
 * half, marked lang="en"), drafts and unknown ids answered 404, every sent edition in the sitemap,
 * and nothing of a <script> or an onerror an editor pasted reaching the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../client/entry-server';
import { SYSTEM } from '../../server/audit/audit';
import { sendEdition } from '../../server/newsletter/editions/sending';
import { createEdition } from '../../server/newsletter/editions/service';
import { ARCHIVE_PAGE_SIZE, type EditionInput, editionInput } from '../../shared/schemas/editions';
import { createTestApp, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';
import { campaignPayload } from '../helpers/fixtures';

const PAGE = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  host: 'localhost:3000',
};
const SITE = 'http://localhost:3000';
const MINUTE = 60_000;
/** The sign-up form as plain HTML: it posts without script. */
const SUBSCRIBE_FORM =
  /<form class="submission-form"[^>]*action="\/api\/submissions\/newsletter\/register" method="post"/;

const ENGLISH_ONLY = {
  subject: 'Clean water in Gezawa',
  body: [
    'The borehole is drilled: thanks to you, **312 families** have clean water.',
    '',
    '# What comes next',
    '',
    '<script>alert("pasted")</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">read more</a>',
  ].join('\n'),
};
const BILINGUAL = {
  subject: 'Classrooms in Dutse',
  subjectHa: 'Ajujuwa a Dutse',
  body: 'Two new classrooms opened in Dutse this term.',
  bodyHa: 'An buɗe sababbin ajujuwa biyu a Dutse a wannan zangon karatu.',
};
const DRAFT = { subject: 'Not sent yet', body: 'A draft nobody has read.' };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(testDatabases())('the newsletter archive on %s', (kind) => {
  let t: TestApp;
  let clock = new Date('2026-11-20T08:00:00Z');
  let campaignId: string;
  let englishId: string;
  let bilingualId: string;
  let draftId: string;
  let oldestId: string;
  const sentIds: string[] = [];
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...PAGE, ...headers } });

  /** A new draft; sent (and so published) a minute after the one before unless `send` is false. */
  const edition = async (input: EditionInput, send = true) => {
    const { data } = await createEdition(t.deps, editionInput.parse(input), SYSTEM);
    if (send) {
      clock = new Date(clock.getTime() + MINUTE);
      await sendEdition(t.deps, { id: data.id }, SYSTEM);
      sentIds.push(data.id);
    }
    return data.id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { staticDir: builtClient(), renderer, now: () => clock });
    // Sending needs a reader: one confirmed, active subscriber.
    await t.deps.db
      .insertInto('newsletter_subscriptions')
      .values({ id: crypto.randomUUID(), email: 'reader@example.org', language: 'ha', confirmedAt: new Date() })
      .execute();
    campaignId = (await t.adminCaller.campaign.create(campaignPayload({ title: 'Borehole in Gezawa' })))._id;
    // Thirteen sent editions: a page of twelve and one more, the oldest, on the second page.
    oldestId = await edition({ subject: 'The oldest edition', body: 'Where it all began.' });
    for (let n = 1; n <= ARCHIVE_PAGE_SIZE - 2; n += 1)
      await edition({ subject: `Edition number ${n}`, body: `News number ${n}.` });
    englishId = await edition({ ...ENGLISH_ONLY, campaignId });
    bilingualId = await edition(BILINGUAL);
    draftId = await edition(DRAFT, false);
  });
  afterAll(() => t.close());

  it('lists the sent editions newest first, rendered on the server, with a link to older ones', async () => {
    const res = await get('/newsletter');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toMatch(/<h1>Newsletter<\/h1>/);
    expect(res.body).toContain(`<link rel="canonical" href="${SITE}/newsletter">`);
    expect(res.body).not.toContain('noindex');
    const linked = [...res.body.matchAll(/<h2 class="archive-item__title"[^>]*><a href="\/newsletter\/([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(linked).toHaveLength(ARCHIVE_PAGE_SIZE);
    expect(linked[0]).toBe(bilingualId);
    expect(linked[1]).toBe(englishId);
    expect(linked).not.toContain(oldestId);
    expect(linked).not.toContain(draftId);
    expect(res.body).not.toContain(DRAFT.subject);
    // The excerpt is the body's first words as text: no markup, nothing pasted.
    expect(res.body).toContain('The borehole is drilled: thanks to you, 312 families have clean water.');
    expect(res.body).toContain('archive-item__read');
    // The subscribe box, a plain form that posts without script.
    expect(res.body).toMatch(SUBSCRIBE_FORM);

    const older = /<a href="(\/newsletter\?before=[^"]+)"[^>]*>Older editions<\/a>/.exec(res.body)?.[1];
    expect(older).toBeDefined();
    const second = await get(older!.replace(/&amp;/g, '&'));
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain(`href="/newsletter/${oldestId}"`);
    expect(second.body).toContain('The oldest edition');
    expect(second.body).not.toContain(`href="/newsletter/${bilingualId}"`);
    expect(second.body).not.toContain('Older editions');
    expect(second.body).toMatch(/<a href="\/newsletter"[^>]*>Newest editions<\/a>/);
    // A cursor that is not one shows the newest editions.
    const junk = await get('/newsletter?before=nonsense');
    expect(junk.statusCode).toBe(200);
    expect(junk.body).toContain(`href="/newsletter/${bilingualId}"`);
  });

  it('lists them in Hausa, marking an English-only edition lang="en"', async () => {
    const res = await get('/newsletter?lang=ha');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ha">');
    expect(res.body).toMatch(/<h1>Wasiƙar labarai<\/h1>/);
    expect(res.body).toMatch(
      new RegExp(`<h2 class="archive-item__title"><a href="/newsletter/${bilingualId}">${BILINGUAL.subjectHa}</a>`),
    );
    expect(res.body).toContain(BILINGUAL.bodyHa);
    expect(res.body).not.toContain(BILINGUAL.body);
    expect(res.body).toMatch(
      new RegExp(
        `<h2 class="archive-item__title" lang="en"><a href="/newsletter/${englishId}">${ENGLISH_ONLY.subject}</a>`,
      ),
    );
    expect(res.body).toMatch(/<p class="archive-item__excerpt" lang="en">The borehole is drilled/);
    expect(res.body).toContain('Tsofaffin wasiƙu');
  });

  it('shows an edition with its Open Graph head, the featured campaign and the subscribe box', async () => {
    const res = await get(`/newsletter/${englishId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const meta = (property: string) =>
      new RegExp(`<meta property="${escapeRegExp(property)}" content="([^"]*)">`).exec(res.body)?.[1];
    expect(res.body).toMatch(new RegExp(`<title>${ENGLISH_ONLY.subject} — [^<]+</title>`));
    expect(meta('og:title')).toMatch(new RegExp(`^${ENGLISH_ONLY.subject} — `));
    expect(meta('og:type')).toBe('article');
    expect(meta('og:description')).toMatch(/^The borehole is drilled: thanks to you, 312 families have clean water\./);
    expect(meta('og:description')).not.toContain('<');
    expect(meta('og:image')).toMatch(new RegExp(`^${escapeRegExp(SITE)}/`));
    expect(meta('og:url')).toBe(`${SITE}/newsletter/${englishId}`);
    expect(res.body).toContain(`<link rel="canonical" href="${SITE}/newsletter/${englishId}">`);
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(res.body).not.toContain('noindex');
    // The subject is the page's one h1: the edition's own headings come one level below it.
    expect(res.body).toMatch(new RegExp(`<h1>${ENGLISH_ONLY.subject}</h1>`));
    expect(res.body.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(res.body).toContain('<h2>What comes next</h2>');
    expect(res.body).toContain('<strong>312 families</strong>');
    expect(res.body).toMatch(/<time datetime="2026-11-20T08:\d\d:00.000Z">20 November 2026<\/time>/i);
    // The featured campaign, with its progress and a way to give.
    expect(res.body).toContain('Borehole in Gezawa');
    expect(res.body).toContain(`href="/campaign/${campaignId}"`);
    expect(res.body).toContain('role="progressbar"');
    expect(res.body).toContain('href="/newsletter"');
    expect(res.body).toMatch(SUBSCRIBE_FORM);
  });

  it('keeps what an editor pasted (a script, an onerror, a javascript: link) out of the page', async () => {
    for (const url of [`/newsletter/${englishId}`, `/newsletter/${englishId}?lang=ha`, '/newsletter']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('alert(');
      expect(res.body).not.toContain('onerror');
      expect(res.body).not.toContain('javascript:');
      expect(res.body).not.toContain('<script>');
      expect(res.body).not.toContain('src="x"');
    }
  });

  it('shows an edition in Hausa, or in English marked lang="en" when it has no Hausa half', async () => {
    const hausa = await get(`/newsletter/${bilingualId}?lang=ha`);
    expect(hausa.statusCode).toBe(200);
    expect(hausa.body).toMatch(new RegExp(`<h1>${BILINGUAL.subjectHa}</h1>`));
    expect(hausa.body).toContain(`<div class="edition__body"><p>${BILINGUAL.bodyHa}</p>\n</div>`);
    expect(hausa.body).toContain(`<meta property="og:title" content="${BILINGUAL.subjectHa} — `);
    expect(hausa.body).toContain(`<link rel="canonical" href="${SITE}/newsletter/${bilingualId}?lang=ha">`);

    const english = await get(`/newsletter/${englishId}?lang=ha`);
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="ha">');
    expect(english.body).toMatch(new RegExp(`<h1 lang="en">${ENGLISH_ONLY.subject}</h1>`));
    expect(english.body).toMatch(/<div class="edition__body" lang="en">/);
    expect(english.body).toContain('An rubuta wannan wasiƙar labarai da Turanci kawai.');
    // The page's own texts stay in Hausa.
    expect(english.body).toContain('Duk wasiƙun labarai');
    expect(english.body).toContain('Gangamin da muke haskakawa');
  });

  it('answers 404 for a draft, an unknown id and a malformed one, with Newsletter not found', async () => {
    for (const id of [draftId, '01900000-0000-7000-8000-000000000000', 'not-an-id']) {
      const res = await get(`/newsletter/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toMatch(/<title>Newsletter not found — [^<]+<\/title>/);
      expect(res.body).toMatch(/<h1>Newsletter not found<\/h1>/);
      expect(res.body).not.toContain('rel="canonical"');
      expect(res.body).not.toContain(DRAFT.subject);
    }
    const call = await t.publicCaller.newsletter.edition({ id: draftId }).catch((error: unknown) => error);
    expect(call).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('leaves the mailed links’ pages as they were: private, never indexed', async () => {
    const res = await get('/newsletter/unsubscribe');
    expect(res.body).not.toContain('Newsletter not found');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });

  it('lists the archive and every sent edition in the sitemap, in both languages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    const entries = new Map(
      [...res.body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(entries.has(`${SITE}/newsletter`)).toBe(true);
    expect(entries.has(`${SITE}/newsletter?lang=ha`)).toBe(true);
    const editions = await t.deps.db.selectFrom('newsletter_editions').select(['id', 'startedAt']).execute();
    for (const { id, startedAt } of editions) {
      if (id === draftId) {
        expect(entries.has(`${SITE}/newsletter/${id}`)).toBe(false);
        continue;
      }
      expect(entries.get(`${SITE}/newsletter/${id}`)).toBe(startedAt!.toISOString());
      expect(entries.has(`${SITE}/newsletter/${id}?lang=ha`)).toBe(true);
    }
    // The archive's own entry changes with the newest edition.
    expect(entries.get(`${SITE}/newsletter`)).toBe(
      editions
        .map((e) => e.startedAt?.toISOString() ?? '')
        .sort()
        .at(-1),
    );
    expect(sentIds).toHaveLength(ARCHIVE_PAGE_SIZE + 1);
  });

  it('shows an edition sent after the list was kept in memory', async () => {
    expect((await get('/newsletter')).body).not.toContain('A fresh edition');
    const id = await edition({ subject: 'A fresh edition', body: 'Just out.' });
    const res = await get('/newsletter');
    expect(res.body).toContain(`href="/newsletter/${id}"`);
    expect(res.body).toContain('A fresh edition');
    expect((await get(`/newsletter/${id}`)).statusCode).toBe(200);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'localhost:3000' } });
    expect(sitemap.body).toContain(`<loc>${SITE}/newsletter/${id}</loc>`);
  });
});

describe('the newsletter archive before any edition went out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { staticDir: builtClient(), renderer });
  });
  afterAll(() => t.close());

  it('says so, and offers the subscribe box', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/newsletter', headers: PAGE });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('No edition has been sent yet.');
    expect(res.body).not.toContain('archive-list');
    expect(res.body).not.toContain('Older editions');
    expect(res.body).toMatch(SUBSCRIBE_FORM);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: PAGE.host } });
    expect(sitemap.body).toContain(`<loc>${SITE}/newsletter</loc>`);
    expect(sitemap.body).not.toContain(`${SITE}/newsletter/`);
  });
});

/**
 * Newsletter editions rendered once, off the request thread, on both databases: reading the
 * archive and its editions (tRPC, in both languages, and the pages) parses no Markdown and asks
 * the renderer for nothing, even after the public data moved on; what staff write (a save, a
 * preview, a test, a send) is parsed in the renderer's worker, never on the thread that answers
 * requests; Markdown bombs are refused at save with a 400 in the reader's language, and nothing
 * is stored; an edition saved before renderings were kept is rendered once, when first needed;
 * and the worker's time cap stops a slow render with a clear message.
 */
import { sql } from 'kysely';
import { Lexer } from 'marked';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as renderer from '../../client/entry-server';
import { SYSTEM } from '../../server/audit/audit';
import { MarkdownRefusal } from '../../server/newsletter/editions/markdown';
import { RENDER_LIMITS, renderBodyOffThread, renderCount } from '../../server/newsletter/editions/renderer';
import { sendEdition } from '../../server/newsletter/editions/sending';
import { createEdition } from '../../server/newsletter/editions/service';
import { t as text } from '../../shared/messages';
import { ARCHIVE_PAGE_SIZE, type EditionInput, editionInput } from '../../shared/schemas/editions';
import { createTestApp, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';
import { campaignPayload } from '../helpers/fixtures';

const SITE = 'http://localhost:3000';
const PAGE = { accept: 'text/html', host: 'localhost:3000' };

/** An ordinary edition's body of about `kb` kB: headings, paragraphs, some emphasis, links and lists. */
function ordinary(kb: number, n = 0): string {
  const block = [
    `## Report ${n}: water in Gezawa`,
    'The borehole is drilled and **312 families** have clean water. _Thank you_ for your support: [read the report](https://example.org/report).',
    '- Kano: 120 families\n- **Katsina:** 80 families\n- Jigawa: 112 families',
    '> The children no longer walk to the river before school.',
  ].join('\n\n');
  return `${block}\n\n`.repeat(Math.ceil((kb * 1024) / (block.length + 2)));
}

/** The Markdown bombs of the security review, and their refusals. */
const BOMBS = [
  ['60 kB of *a', '*a'.repeat(30_000), 'A paragraph has more than 500 bold, italic or struck-through marks'],
  ['50,000 nested >', `${'>'.repeat(50_000)} deep`, 'Quotes and lists go more than 8 levels deep'],
  [
    'a list nested 400 deep',
    Array.from({ length: 400 }, (_, i) => `${' '.repeat(2 * i)}- item`).join('\n'),
    'Quotes and lists go more than 8 levels deep',
  ],
  [
    'strong nested 5,000 deep',
    `${'**'.repeat(5_000)}a${'**'.repeat(5_000)}`,
    'A row of more than 64 *, _ or ~ characters',
  ],
] as const;

/** Every Markdown parse on this thread: the renderer's worker parses on its own. */
const lex = vi.spyOn(Lexer, 'lex');

describe.each(testDatabases())('editions rendered once, off the request thread, on %s', (kind) => {
  let t: TestApp;
  let clock = new Date('2026-12-01T08:00:00Z');
  let campaignId: string;
  const ids: string[] = [];

  const write = async (input: EditionInput) => (await createEdition(t.deps, editionInput.parse(input), SYSTEM)).data.id;
  const send = async (id: string) => {
    clock = new Date(clock.getTime() + 60_000);
    await sendEdition(t.deps, { id }, SYSTEM);
  };
  const editionCount = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('newsletter_editions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(kind, { staticDir: builtClient(), renderer, now: () => clock });
    await t.deps.db
      .insertInto('newsletter_subscriptions')
      .values({ id: crypto.randomUUID(), email: 'reader@example.org', language: 'ha', confirmedAt: new Date() })
      .execute();
    campaignId = (await t.adminCaller.campaign.create(campaignPayload({ title: 'Borehole in Gezawa' })))._id;
    // A page of the archive and one more, of ordinary 8 kB editions; the newest in both languages.
    for (let n = 0; n <= ARCHIVE_PAGE_SIZE; n += 1) {
      const id = await write({
        subject: `Edition ${n}`,
        body: ordinary(8, n),
        ...(n === ARCHIVE_PAGE_SIZE ? { subjectHa: `Fitowa ${n}`, bodyHa: `Labarai **masu kyau** ${n}.` } : {}),
        campaignId,
      });
      await send(id);
      ids.push(id);
    }
  }, 120_000);
  afterAll(() => t.close());
  afterEach(() => lex.mockClear());

  it('reads the archive and every edition, in both languages and as pages, without rendering anything', async () => {
    const renders = renderCount();
    lex.mockClear();
    const readAll = async () => {
      for (const language of ['en', 'ha']) {
        const headers = { 'accept-language': language };
        const calls = ['newsletter.archive', ...ids.slice(0, 9).map(() => 'newsletter.edition')];
        const input = Object.fromEntries(
          [{}, ...ids.slice(0, 9).map((id) => ({ id }))].map((v, i) => [i, { json: v }]),
        );
        const batch = await t.app.inject({
          method: 'GET',
          url: `/trpc/${calls.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
          headers,
        });
        expect(batch.statusCode, batch.body).toBe(200);
        expect(batch.json()).toHaveLength(10);
        const first = await t.publicCaller.newsletter.archive({});
        expect(first.items).toHaveLength(ARCHIVE_PAGE_SIZE);
        const older = await t.publicCaller.newsletter.archive({ before: first.next! });
        expect(older.items.map((item) => item.id)).toEqual([ids[0]]);
        for (const id of ids) expect((await t.publicCaller.newsletter.edition({ id })).html).toContain('312 families');
        for (const url of ['/newsletter', `/newsletter/${ids[0]}`, `/newsletter/${ids[5]}?lang=ha`]) {
          expect((await t.app.inject({ method: 'GET', url, headers: { ...PAGE, ...headers } })).statusCode).toBe(200);
        }
      }
    };
    await readAll();
    // A gift or a campaign's edit moves the public data on: the archive is read again, still unrendered.
    await t.adminCaller.campaign.update({ id: campaignId, data: campaignPayload({ title: 'Borehole in Gezawa!' }) });
    await t.deps.publicDataVersion.settle();
    await readAll();
    expect(lex).not.toHaveBeenCalled();
    expect(renderCount()).toBe(renders);
  });

  it('shows what it kept: the sanitised body, the excerpt and the Hausa half', async () => {
    const hausa = await t.app.inject({ method: 'GET', url: `/newsletter/${ids.at(-1)}?lang=ha`, headers: PAGE });
    expect(hausa.body).toContain(`<p>Labarai <strong>masu kyau</strong> ${ARCHIVE_PAGE_SIZE}.</p>`);
    const list = await t.app.inject({ method: 'GET', url: '/newsletter?lang=ha', headers: PAGE });
    expect(list.body).toContain(`Labarai masu kyau ${ARCHIVE_PAGE_SIZE}.`);
    expect(list.body).toContain('Report 5: water in Gezawa');
    const english = await t.publicCaller.newsletter.edition({ id: ids[1]! });
    expect(english.html).toContain('<h2>Report 1: water in Gezawa</h2>');
    expect(english.html).toContain('<strong>312 families</strong>');
    expect((await t.publicCaller.newsletter.archive({})).items.at(-1)!.excerpt).toMatch(
      /^Report 1: water in Gezawa The borehole is drilled and 312 families have clean water\. .*…$/,
    );
  });

  it("parses what staff write in the renderer's worker, never on the request thread", async () => {
    const renders = renderCount();
    const created = await t.asAdmin({
      method: 'POST',
      url: '/api/newsletters',
      payload: { subject: 'Heavy', body: ordinary(190), subjectHa: 'Nauyi', bodyHa: ordinary(20) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const updated = await t.asAdmin({
      method: 'PUT',
      url: `/api/newsletters/${id}`,
      payload: { subject: 'Heavy', body: ordinary(195), campaignId },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const preview = await t.adminCaller.newsletters.preview({
      language: 'en',
      subject: 'Heavy',
      subjectHa: '',
      body: ordinary(195),
      bodyHa: '',
      campaignId,
    });
    expect(preview.html).toContain('312 families');
    expect((await t.asAdmin({ method: 'POST', url: `/api/newsletters/${id}/test` })).statusCode).toBe(200);
    const sent = await t.asAdmin({ method: 'POST', url: `/api/newsletters/${id}/send`, payload: {} });
    expect(sent.statusCode, sent.body).toBe(202);
    const templates = await t.deps.db
      .selectFrom('mail_batch_templates')
      .select(['language', 'html'])
      .where('batchId', '=', id)
      .execute();
    expect(templates.map((template) => template.language).sort()).toEqual(['en', 'ha']);
    // The kept body, styled for mail.
    for (const template of templates)
      expect(template.html).toMatch(/<p style="[^"]+">The borehole is drilled and <strong>312 families<\/strong>/);
    expect(lex).not.toHaveBeenCalled();
    // Saved twice (three bodies), previewed once, tested once and sent (two mails each).
    expect(renderCount() - renders).toBe(3 + 2 + 1 + 2);
  });

  it.each(BOMBS)(
    'refuses %s at save with a 400 in the reader’s language, and stores nothing',
    async (_, bomb, says) => {
      const before = await editionCount();
      const english = await t.asAdmin({
        method: 'POST',
        url: '/api/newsletters',
        payload: { subject: 'Bomb', body: bomb },
      });
      expect(english.statusCode).toBe(400);
      expect(english.json().message).toMatch(new RegExp(`^${says.replace(/[*]/g, '\\*')}`));
      expect(english.json().errors).toEqual([{ path: 'body', message: english.json().message }]);
      const hausa = await t.asAdmin({
        method: 'POST',
        url: '/api/newsletters',
        headers: { 'accept-language': 'ha' },
        payload: { subject: 'Bomb', body: 'Fine.', subjectHa: 'Bam', bodyHa: bomb },
      });
      expect(hausa.statusCode).toBe(400);
      expect(hausa.json().errors).toEqual([{ path: 'bodyHa', message: hausa.json().message }]);
      expect(hausa.json().message).not.toBe(english.json().message);
      const draft = await write({ subject: 'A draft', body: 'Fine.' });
      const put = await t.asAdmin({
        method: 'PUT',
        url: `/api/newsletters/${draft}`,
        payload: { subject: 'A draft', body: bomb },
      });
      expect(put.statusCode).toBe(400);
      const kept = await t.deps.db
        .selectFrom('newsletter_editions')
        .select(['body', 'html'])
        .where('id', '=', draft)
        .executeTakeFirstOrThrow();
      expect(kept).toEqual({ body: 'Fine.', html: '<p>Fine.</p>\n' });
      await expect(t.adminCaller.newsletters.create({ subject: 'Bomb', body: bomb })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
      await expect(
        t.adminCaller.newsletters.preview({ language: 'en', subject: 'Bomb', subjectHa: '', body: bomb, bodyHa: '' }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      expect(await editionCount()).toBe(before + 1);
      expect(lex).not.toHaveBeenCalled();
    },
  );

  it('renders an edition saved before renderings were kept once, when first needed; a refused one as its plain text', async () => {
    const legacy = { id: crypto.randomUUID(), subject: 'From before', body: 'Kept **from before**.' };
    const bomb = { id: crypto.randomUUID(), subject: 'A bomb from before', body: '*a'.repeat(30_000) };
    await t.deps.db
      .insertInto('newsletter_editions')
      .values([legacy, bomb].map((row) => ({ ...row, status: 'sent' as const })))
      .execute();
    // Published as a send publishes: the trigger moves the public data on.
    await t.deps.db
      .updateTable('newsletter_editions')
      .set({ startedAt: new Date(clock.getTime() + 60_000) })
      .where('id', 'in', [legacy.id, bomb.id])
      .execute();
    await t.deps.publicDataVersion.settle();
    const renders = renderCount();
    const list = await t.publicCaller.newsletter.archive({});
    expect(list.items.find((item) => item.id === legacy.id)?.excerpt).toBe('Kept from before.');
    expect((await t.publicCaller.newsletter.edition({ id: legacy.id })).html).toBe(
      '<p>Kept <strong>from before</strong>.</p>\n',
    );
    const shown = await t.publicCaller.newsletter.edition({ id: bomb.id });
    expect(shown.html).toBe(`<p>${'*a'.repeat(30_000)}</p>`);
    expect(renderCount() - renders).toBe(2);
    const stored = await t.deps.db
      .selectFrom('newsletter_editions')
      .select(['id', 'html', 'htmlHa', 'excerpt'])
      .where('id', 'in', [legacy.id, bomb.id])
      .orderBy('subject')
      .execute();
    expect(stored.map((row) => [row.html !== null, row.htmlHa, row.excerpt?.slice(0, 5)])).toEqual([
      [true, null, '*a*a*'],
      [true, null, 'Kept '],
    ]);
    // Kept: read again after the public data moved on, nothing is rendered.
    await sql`update campaigns set title = title || '.'`.execute(t.deps.db);
    await t.deps.publicDataVersion.settle();
    await t.publicCaller.newsletter.archive({});
    await t.publicCaller.newsletter.edition({ id: bomb.id });
    expect(renderCount() - renders).toBe(2);
    expect(lex).not.toHaveBeenCalled();
  });
});

describe("the renderer's worker", () => {
  it('stops a render that passes the time cap with a clear message; the next render goes on', async () => {
    // Within every bound, and heavy: a 200 kB body takes well over a tenth of a second anywhere.
    const slow = await renderBodyOffThread(ordinary(195), SITE, { ...RENDER_LIMITS, timeoutMs: 100 }).catch(
      (error: unknown) => error,
    );
    expect(slow).toBeInstanceOf(MarkdownRefusal);
    const refusal = slow as MarkdownRefusal;
    expect(text(refusal.key, refusal.vars, 'en')).toBe(
      'The text took too long to lay out: please simplify its formatting',
    );
    expect(text(refusal.key, refusal.vars, 'ha')).toBe(
      'Shirya rubutun ya ɗauki lokaci mai tsawo: da fatan za a sauƙaƙa tsarinsa',
    );
    expect(await renderBodyOffThread('Still **here**.', SITE)).toEqual({
      html: '<p>Still <strong>here</strong>.</p>\n',
      excerpt: 'Still here.',
    });
  });

  it('refuses what nests past the bound though no line shows it, and what marked cannot parse', async () => {
    // A lazily continued line carries its quotes into the list item above it: nine levels.
    const lazy = '> > > > > 3) a\n    > > > a\n';
    await expect(renderBodyOffThread(lazy, SITE)).rejects.toMatchObject({ key: 'editions.tooDeep' });
    await expect(renderBodyOffThread('> > > > 3) a\n    > > > a\n', SITE)).resolves.toMatchObject({
      excerpt: 'a a',
    });
    // marked 18 throws on this one (a TypeError of its own): refused, not a failure.
    await expect(renderBodyOffThread('* a\n  > -\t\na\n', SITE)).rejects.toMatchObject({
      key: 'editions.cannotRender',
    });
  });
});

/**
 * Newsletter editions on both databases, delivered to a real SMTP server: an edition in English
 * and Hausa to 2,000 subscribers of both languages, some unsubscribed and some unconfirmed, with a
 * schedule, a crash in the middle of queueing, a pause and a resume, and two readers leaving while
 * it goes out: each confirmed, active reader gets exactly one mail, in their language, with the
 * one-click unsubscribe headers and footer link; nobody else gets any. Then the rules around it:
 * sent once (409), no change after sending, drafts only deleted, 200 kB at most, English for Hausa
 * readers when the Hausa half is empty, a test to the staff member, one-off mail before bulk mail,
 * and the MAIL_PER_MINUTE throttle.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../server/deps';
import { claimDue, release } from '../../server/mail/outbox';
import { createMailTransport } from '../../server/mail/transport';
import { startMailWorker } from '../../server/mail/worker';
import { advanceEditions, QUEUE_BATCH, queueAhead } from '../../server/newsletter/editions/sending';
import { EDITION_BODY_MAX_BYTES } from '../../shared/schemas/editions';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, unique } from '../helpers/fixtures';
import { deliverDue, linkTo, mailEnv, mailsTo } from '../helpers/mail';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';

const READERS = 2_000;
// Within the admin session's idle limit: the test's clock moves, its sign-in stays.
const LATER = 10 * 60_000;
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

const EDITION = {
  subject: 'Clean water in Gezawa',
  subjectHa: 'Ruwa mai tsafta a Gezawa',
  body: '## The borehole is drilled\n\nThanks to you, **312 families** have clean water.\n\n<script>alert(1)</script><img src=x onerror=alert(1)>[read more](javascript:alert(1))',
  bodyHa: '## An gama haƙa rijiyar\n\nGodiya gare ku, **iyalai 312** suna da ruwa mai tsafta.',
};

/**
 * Subscribers straight into the table, one statement: reader-N@…, every third Hausa; every 50th
 * unsubscribed and every 40th (not 50th) never confirmed. Answers who should get the edition.
 */
async function seedReaders(deps: Deps, prefix: string) {
  await sql`
    insert into newsletter_subscriptions (id, email, status, language, confirmed_at)
    select gen_random_uuid(), ${prefix} || g || '@example.org',
      case when g % 50 = 0 then 'unsubscribed' else 'active' end,
      case when g % 3 = 0 then 'ha' else 'en' end,
      case when g % 40 = 0 and g % 50 <> 0 then null else now() end
    from generate_series(1, ${READERS}) g`.execute(deps.db);
  const expected = new Map<string, 'en' | 'ha'>();
  const left = new Set<string>();
  for (let g = 1; g <= READERS; g += 1) {
    const email = `${prefix}${g}@example.org`;
    if (g % 50 === 0 || g % 40 === 0) left.add(email);
    else expected.set(email, g % 3 === 0 ? 'ha' : 'en');
  }
  return { expected, left };
}

const htmlOf = (mail: ParsedMail) => (typeof mail.html === 'string' ? mail.html : '');

describe.each(testDatabases())('an edition to 2,000 subscribers on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  const base = new Date();
  let clock = base;
  let readers: Awaited<ReturnType<typeof seedReaders>>;
  let campaignId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost' }, now: () => clock });
    const created = await t.asAdmin({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: unique('Gezawa water '), titleHa: 'Ruwan Gezawa' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    campaignId = created.json().campaign._id;
    readers = await seedReaders(t.deps, `reader-${kind}-`);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const get = async (id: string) => {
    const res = await t.asAdmin({ method: 'GET', url: `/api/newsletters/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('goes out once, scheduled, through a crash, a pause and two readers leaving: one mail each, in their language', async () => {
    const created = await t.asAdmin({ method: 'POST', url: '/api/newsletters', payload: { ...EDITION, campaignId } });
    expect(created.statusCode, created.body).toBe(201);
    const { id, status, counts } = created.json().data;
    expect(status).toBe('draft');
    expect(counts.recipients).toBe(readers.expected.size);
    expect((await get(id)).audience).toEqual({
      en: [...readers.expected.values()].filter((l) => l === 'en').length,
      ha: [...readers.expected.values()].filter((l) => l === 'ha').length,
    });
    // Unpublished until it goes: the archive does not know it.
    await expect(t.publicCaller.newsletter.edition({ id })).rejects.toThrow('Newsletter not found');

    // Scheduled ten minutes on: still editable, nothing queued before its time.
    const scheduled = await t.asAdmin({
      method: 'POST',
      url: `/api/newsletters/${id}/send`,
      payload: { at: new Date(clock.getTime() + LATER).toISOString() },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(202);
    expect(scheduled.json().data.status).toBe('scheduled');
    const edited = await t.asAdmin({
      method: 'PUT',
      url: `/api/newsletters/${id}`,
      payload: { ...EDITION, subject: `${EDITION.subject}!`, campaignId },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await t.asAdmin({ method: 'POST', url: `/api/newsletters/${id}/send` })).statusCode).toBe(409);
    expect(await advanceEditions(t.deps)).toMatchObject({ started: 0, queued: 0, finished: 0 });

    // Its time comes. The second batch's transaction fails half-way (a crash): the first stays.
    clock = new Date(base.getTime() + LATER + 1000);
    let signed = 0;
    const crashing = {
      ...t.deps,
      tokens: {
        ...t.deps.tokens,
        signLink: async (link: Parameters<Deps['tokens']['signLink']>[0]) => {
          signed += 1;
          if (signed === 2 * QUEUE_BATCH + QUEUE_BATCH / 2) throw new Error('the process died');
          return t.deps.tokens.signLink(link);
        },
      },
    };
    await expect(advanceEditions(crashing)).rejects.toThrow('the process died');
    let edition = await get(id);
    expect(edition.status).toBe('sending');
    expect(edition.counts).toMatchObject({ recipients: readers.expected.size, sent: 0, failed: 0 });
    const queuedRows = () =>
      t.deps.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('batchId', '=', id)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    expect(await queuedRows()).toBe(2 * QUEUE_BATCH);
    // Public from the moment it started.
    expect((await t.publicCaller.newsletter.edition({ id })).subject).toBe(`${EDITION.subject}!`);

    // A reader already queued leaves by the mail's own one-click link; one not yet queued leaves
    // through the dashboard. Neither gets the edition.
    const queuedReader = await t.deps.db
      .selectFrom('mail_outbox')
      .select(['toAddress', 'headers'])
      .where('batchId', '=', id)
      .orderBy('toAddress')
      .executeTakeFirstOrThrow();
    const oneClick = new URL(queuedReader.headers['List-Unsubscribe']!.slice(1, -1));
    const left = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(left.statusCode, left.body).toBe(200);
    const { queuedThrough } = await t.deps.db
      .selectFrom('newsletter_editions')
      .select('queuedThrough')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const laterRow = await t.deps.db
      .selectFrom('newsletter_subscriptions')
      .select(['id', 'email'])
      .where('id', '>', queuedThrough!)
      .where('status', '=', 'active')
      .where('confirmedAt', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const later = laterRow.email;
    const unsubscribed = await t.asAdmin({
      method: 'PUT',
      url: `/api/submissions/newsletter/${laterRow.id}/status`,
      payload: { status: 'unsubscribed' },
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    readers.expected.delete(queuedReader.toAddress);
    readers.expected.delete(later);
    readers.left.add(queuedReader.toAddress);
    readers.left.add(later);

    // Paused: nothing more is queued or delivered, but a one-off mail still goes.
    const paused = await t.asAdmin({ method: 'POST', url: `/api/newsletters/${id}/pause` });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data.status).toBe('paused');
    expect((await t.asAdmin({ method: 'POST', url: `/api/newsletters/${id}/pause` })).statusCode).toBe(409);
    expect(await advanceEditions(t.deps)).toMatchObject({ started: 0, queued: 0, finished: 0 });
    const tested = await t.asAdmin({ method: 'POST', url: `/api/newsletters/${id}/test` });
    expect(tested.statusCode, tested.body).toBe(200);
    const duringPause = await deliverDue(t.deps, smtp);
    expect(duringPause.map((m) => m.subject).sort()).toEqual(
      [`[Test] ${EDITION.subject}!`, `[Gwaji] ${EDITION.subjectHa}`].sort(),
    );

    // Resumed: the rest is queued from where it stopped, and every message delivered.
    const resumed = await t.asAdmin({ method: 'POST', url: `/api/newsletters/${id}/resume` });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((await t.asAdmin({ method: 'POST', url: `/api/newsletters/${id}/resume` })).statusCode).toBe(409);
    // Queueing runs ahead of delivery by two minutes of MAIL_PER_MINUTE, no more: each pass tops
    // the queue up as the last delivery emptied it.
    const before = smtp.received.length;
    const ahead = queueAhead(t.deps.config.mail.perMinute);
    let queued = 0;
    for (let pass = 0; ; pass += 1) {
      expect(pass).toBeLessThan(10);
      const advanced = await advanceEditions(t.deps);
      queued += advanced.queued;
      if (advanced.finished === 1) break;
      const waiting = await t.deps.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('batchId', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirstOrThrow();
      expect(Number(waiting.n)).toBeLessThan(ahead + QUEUE_BATCH);
      await deliverDue(t.deps, smtp);
    }
    expect(queued).toBe(readers.expected.size - (2 * QUEUE_BATCH - 1));
    edition = await get(id);
    expect(edition.status).toBe('sent');
    expect(edition.counts).toEqual({
      recipients: readers.expected.size,
      queued: 0,
      sent: readers.expected.size,
      failed: 0,
    });

    // Exactly one mail per reader, in their language, with the unsubscribe headers and footer link.
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(readers.expected.size);
    const byReader = new Map<string, ParsedMail[]>();
    for (const mail of mails) {
      for (const to of mail.rcptTo) byReader.set(to, [...(byReader.get(to) ?? []), mail.parsed]);
    }
    for (const [email, language] of readers.expected) {
      const got = byReader.get(email);
      expect(got, email).toHaveLength(1);
      const mail = got![0]!;
      expect(mail.subject).toBe(language === 'ha' ? EDITION.subjectHa : `${EDITION.subject}!`);
      expect(mail.text).toContain(language === 'ha' ? 'iyalai 312' : '312 families');
      const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\r\n\s+/g, ' ');
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${linkTo(mail, '/newsletter/unsubscribe').href}>`);
      expect(header('content-language')).toBe(`Content-Language: ${language}`);
      if (language === 'ha') expect(linkTo(mail, '/newsletter/unsubscribe').searchParams.get('lang')).toBe('ha');
    }
    for (const email of readers.left) expect(byReader.has(email), email).toBe(false);

    // What one reader got: the body made safe, the featured campaign, the edition's page.
    const sample = byReader.get([...readers.expected.keys()][0]!)![0]!;
    expect(htmlOf(sample)).not.toMatch(/<script|onerror=|href="javascript:|src="x"/i);
    expect(htmlOf(sample)).toContain('Give to this campaign');
    expect(linkTo(sample, `/campaign/${campaignId}`)).toBeTruthy();
    expect(linkTo(sample, `/newsletter/${id}`)).toBeTruthy();

    // Sent: no second send, no change, no deletion.
    expect((await t.asAdmin({ method: 'POST', url: `/api/newsletters/${id}/send` })).statusCode).toBe(409);
    const changed = await t.asAdmin({ method: 'PUT', url: `/api/newsletters/${id}`, payload: EDITION });
    expect(changed.statusCode).toBe(409);
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/newsletters/${id}` })).statusCode).toBe(409);

    // Audited: written, edited, scheduled, sending, tested, paused, resumed, sent.
    const actions = await t.deps.db
      .selectFrom('audit_events')
      .select('action')
      .where('target', '=', `edition/${id}`)
      .execute();
    expect(new Set(actions.map((a) => a.action))).toEqual(
      new Set([
        'edition.created',
        'edition.updated',
        'edition.scheduled',
        'edition.sending',
        'edition.tested',
        'edition.paused',
        'edition.resumed',
        'edition.sent',
      ]),
    );
  }, 240_000);
});

describe.each(testDatabases())('edition rules on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost' } });
    await t.deps.db
      .insertInto('newsletter_subscriptions')
      .values([
        { id: crypto.randomUUID(), email: 'en-reader@example.org', language: 'en', confirmedAt: new Date() },
        { id: crypto.randomUUID(), email: 'ha-reader@example.org', language: 'ha', confirmedAt: new Date() },
        { id: crypto.randomUUID(), email: 'unconfirmed@example.org', language: 'ha' },
      ])
      .execute();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const create = async (payload: object) => {
    const res = await t.asAdmin({ method: 'POST', url: '/api/newsletters', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };

  it('refuses a body over 200 kB, half a Hausa edition, an unknown campaign and bad times, with the message', async () => {
    const big = await t.asAdmin({
      method: 'POST',
      url: '/api/newsletters',
      payload: { subject: 'Big', body: 'ɗ'.repeat(EDITION_BODY_MAX_BYTES / 2 + 1) },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/too long: at most 200 kB/);
    const half = await t.asAdmin({
      method: 'POST',
      url: '/api/newsletters',
      payload: { subject: 'S', body: 'B', subjectHa: 'H' },
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual([{ path: 'bodyHa', message: 'This field is required' }]);
    const campaign = await t.asAdmin({
      method: 'POST',
      url: '/api/newsletters',
      payload: { subject: 'S', body: 'B', campaignId: crypto.randomUUID() },
    });
    expect(campaign.statusCode).toBe(400);
    expect(campaign.json().message).toBe('The featured campaign was not found');
    const id = await create({ subject: 'Times', body: 'Body' });
    for (const at of ['yesterday', '2020-01-01T00:00:00Z', '2999-01-01T00:00:00Z', 'x'.repeat(100)]) {
      const res = await t.asAdmin({ method: 'POST', url: `/api/newsletters/${id}/send`, payload: { at } });
      expect(res.statusCode, at).toBe(400);
    }
    expect((await t.asAdmin({ method: 'GET', url: `/api/newsletters/${id}` })).json().status).toBe('draft');
    expect((await t.asAdmin({ method: 'GET', url: '/api/newsletters/not-an-id' })).statusCode).toBe(404);
  });

  it('gives Hausa readers the English, marked lang="en", when the Hausa half is empty; tests only in English', async () => {
    const id = await create({ subject: 'English only', body: 'Only **English** this time.' });
    const tested = await t.asAdmin({ method: 'POST', url: `/api/newsletters/${id}/test` });
    expect(tested.json().data).toEqual({ to: 'admin@example.org', languages: ['en'] });
    const preview = await t.adminCaller.newsletters.preview({
      language: 'ha',
      subject: 'English only',
      subjectHa: '',
      body: 'Only **English** this time.',
      bodyHa: '',
      campaignId: null,
    });
    expect(preview.subject).toBe('English only');
    expect(preview.html).toMatch(/<html[^>]*lang="ha"/);
    expect(preview.html).toMatch(/<div lang="en"><p[^>]*>Only <strong>English<\/strong>/);

    const sent = await t.asAdmin({ method: 'POST', url: `/api/newsletters/${id}/send`, payload: {} });
    expect(sent.statusCode, sent.body).toBe(202);
    const again = await t.asAdmin({ method: 'POST', url: `/api/newsletters/${id}/send` });
    expect(again.statusCode, again.body).toBe(409);
    await advanceEditions(t.deps);
    const mails = await deliverDue(t.deps, smtp);
    const ha = mails.find((m) => m.to && JSON.stringify(m.to).includes('ha-reader'))!;
    expect(ha.subject).toBe('English only');
    expect(htmlOf(ha)).toMatch(/<div lang="en">/);
    expect(ha.text).toMatch(/Cire sunana/); // the footer in the reader's language
    expect(mailsTo(smtp, 'unconfirmed@example.org')).toHaveLength(0);
    await advanceEditions(t.deps);
    expect((await t.asAdmin({ method: 'GET', url: `/api/newsletters/${id}` })).json().status).toBe('sent');
  });

  it('cancels a schedule by pausing it: a draft again, to change and send', async () => {
    const id = await create({ subject: 'Later', body: 'Body' });
    await t.adminCaller.newsletters.send({ id, at: new Date(Date.now() + LATER).toISOString() });
    const paused = await t.adminCaller.newsletters.pause({ id });
    expect(paused.message).toBe('The schedule is cancelled: the edition is a draft again');
    expect(paused.data).toMatchObject({ status: 'draft', sendAt: null, startedAt: null });
    await expect(t.adminCaller.newsletters.resume({ id })).rejects.toThrow('Only a paused edition can be resumed');
    await t.adminCaller.newsletters.update({ id, data: { subject: 'Later, changed', body: 'Body' } });
    expect((await t.adminCaller.newsletters.send({ id })).data.status).toBe('sending');
    await advanceEditions(t.deps);
    const mails = await deliverDue(t.deps, smtp);
    expect(mails.map((m) => m.subject)).toEqual(['Later, changed', 'Later, changed']);
    await advanceEditions(t.deps);
    expect((await t.adminCaller.newsletters.get({ id })).status).toBe('sent');
  });

  it('deletes drafts only', async () => {
    const id = await create({ subject: 'Draft', body: 'Body' });
    const gone = await t.asAdmin({ method: 'DELETE', url: `/api/newsletters/${id}` });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await t.asAdmin({ method: 'GET', url: `/api/newsletters/${id}` })).statusCode).toBe(404);
  });

  it('claims one-off mail before bulk mail, and nothing of a paused send', async () => {
    const id = await create({ subject: 'Bulk', body: 'Body' });
    await t.adminCaller.newsletters.send({ id });
    await advanceEditions(t.deps);
    await t.adminCaller.newsletters.test({ id }); // a one-off mail, queued after the bulk ones
    const claimed = await claimDue(t.deps.db, new Date(Date.now() + 1000), 10);
    expect(claimed.map((row) => row.kind)).toEqual(['newsletter.test', 'newsletter.edition', 'newsletter.edition']);
    await release(t.deps.db, claimed);
    await t.adminCaller.newsletters.pause({ id });
    const whilePaused = await claimDue(t.deps.db, new Date(Date.now() + 1000), 10);
    expect(whilePaused.map((row) => row.kind)).toEqual(['newsletter.test']);
    await release(t.deps.db, whilePaused);
    await t.adminCaller.newsletters.resume({ id });
    await deliverDue(t.deps, smtp);
  });

  it('spaces deliveries evenly by MAIL_PER_MINUTE', async () => {
    const id = await create({ subject: 'Throttled', body: 'Body' });
    await t.adminCaller.newsletters.send({ id });
    await advanceEditions(t.deps);
    await t.adminCaller.newsletters.test({ id });
    // 120 a minute: one every half second, the three due ones included.
    const deps = { ...t.deps, config: { ...t.deps.config, mail: { ...t.deps.config.mail, perMinute: 120 } } };
    const before = smtp.arrivals();
    const transport = createMailTransport(deps.config);
    const stop = startMailWorker(deps, transport, log, { pollMs: 50 });
    const times: number[] = [];
    try {
      for (let n = 1; n <= 3; n += 1) {
        await waitFor(() => smtp.arrivals() - before >= n, { what: `mail ${n}`, intervalMs: 5 });
        times.push(performance.now());
      }
    } finally {
      await stop();
      transport.close();
    }
    expect(times[1]! - times[0]!).toBeGreaterThan(350);
    expect(times[2]! - times[1]!).toBeGreaterThan(350);
    await deliverDue(t.deps, smtp);
  });
});

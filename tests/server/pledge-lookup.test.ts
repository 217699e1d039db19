/**
 * "Find my pledge" on both databases: POST /api/pledges/lookup and its tRPC twin answer every
 * address alike; a matching address is mailed (on a real SMTP server) the links to its open and
 * received pledges in the language of its latest pledge, an unknown one nothing; at most three
 * mails per address an hour, and the form budget per client; the page's HTML form post is answered
 * 303 to "check your mail". The pledge page tells how long confirming takes, from Settings.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILBOX_LIMITS } from '../../server/mail/mailbox';
import { t as translate } from '../../shared/messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, errorPaths, trpcHttp, unique, uniqueEmail } from '../helpers/fixtures';
import { deliverDue, linksOf, mailEnv, mailsTo } from '../helpers/mail';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

const SENT =
  'If pledges were made with this email address, a mail with their links is on its way. It can take a few minutes: look in your spam folder too.';
const SITE = 'https://foundation.example.org';
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe.each(testDatabases())('find my pledge on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let campaign: { _id: string; title: string; titleHa: string };
  let clock = new Date();
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost' }, now: () => clock });
    const created = await t.asAdmin({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: unique('Wells '), titleHa: 'Rijiyoyin Dutse' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    campaign = created.json().campaign;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  let client = 0;
  const nextClient = () => `10.1.0.${++client}`;
  const lookup = (payload: object, remoteAddress = nextClient()) =>
    t.app.inject({ method: 'POST', url: '/api/pledges/lookup', payload, remoteAddress });
  const pledge = async (body: object, language = 'en') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pledges',
      headers: { 'accept-language': language },
      payload: { campaignId: campaign._id, amount: 25_000, name: 'Hauwa Sani', ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.reference as string;
  };
  const lookupMails = (to: string) =>
    t.deps.db
      .selectFrom('mail_outbox')
      .select(['id', 'language'])
      .where('kind', '=', 'pledge.lookup')
      .where('toAddress', '=', to)
      .execute();
  const LOOKUP_SUBJECTS = new Set(
    (['en', 'ha'] as const).flatMap((l) => [1, 2].map((count) => translate('mail.lookup.subject', { count }, l))),
  );
  /** Delivers what is due (the pledges' own instructions too) and answers the lookup mails to `email`. */
  const lookupMailsDelivered = async (email: string): Promise<ParsedMail[]> => {
    await deliverDue(t.deps, smtp);
    return mailsTo(smtp, email).filter((m) => LOOKUP_SUBJECTS.has(m.subject ?? ''));
  };
  const pledgeLinks = (mail: ParsedMail) => [
    ...new Set(linksOf(mail).filter((href) => new URL(href).pathname.startsWith('/pledge/'))),
  ];

  it('answers matching and unknown addresses alike, and mails only the matching one its pledge links', async () => {
    const email = uniqueEmail('donor');
    const first = await pledge({ email, amount: 10_000 });
    advance(1000);
    const second = await pledge({ email: email.toUpperCase(), amount: 20_000 });
    const cancelled = await pledge({ email });
    expect(
      (await t.asAdmin({ method: 'PUT', url: `/api/pledges/${cancelled}`, payload: { status: 'cancelled' } }))
        .statusCode,
    ).toBe(200);
    const unknown = uniqueEmail('nobody');

    const answers = await Promise.all([lookup({ email }), lookup({ email: unknown })]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ message: SENT });
    }

    // The same job queued for both; the worker mails only the matching address, and drops the other.
    expect(await lookupMails(email)).toHaveLength(1);
    expect(await lookupMails(unknown)).toHaveLength(1);
    const [mail, ...more] = await lookupMailsDelivered(email);
    expect(await lookupMails(unknown)).toEqual([]);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('The links to your pledges');
    // Its open pledges, newest first, each with its own page; never the cancelled one.
    expect(pledgeLinks(mail!)).toEqual([`${SITE}/pledge/${second}`, `${SITE}/pledge/${first}`]);
    expect(mail!.text).toContain(campaign.title);
    expect(mail!.text).toContain(second);
    expect(mail!.text).not.toContain(cancelled);
    expect(mail!.text).toContain('Waiting for your transfer');
    expect(mailsTo(smtp, unknown)).toEqual([]);
  });

  it('lists received pledges with their receipt, and not expired ones', async () => {
    const email = uniqueEmail('giver');
    const received = await pledge({ email });
    expect(
      (await t.asAdmin({ method: 'PUT', url: `/api/pledges/${received}`, payload: { status: 'confirmed' } }))
        .statusCode,
    ).toBe(200);
    const lapsed = await pledge({ email });
    await t.deps.db
      .updateTable('pledges')
      .set({ expiresAt: new Date(clock.getTime() - DAY) })
      .where('reference', '=', lapsed)
      .execute();

    expect((await lookup({ email })).statusCode).toBe(202);
    const [mail] = await lookupMailsDelivered(email);
    expect(mail!.subject).toBe('The link to your pledge');
    expect(pledgeLinks(mail!)).toEqual([`${SITE}/pledge/${received}`]);
    expect(mail!.text).toContain('Received, thank you');
  });

  it('writes the mail in the language of the latest pledge, with links to the Hausa pages', async () => {
    const email = uniqueEmail('hausa');
    const reference = await pledge({ email }, 'ha');
    expect((await t.publicCaller.pledge.lookup({ email })).message).toBe(SENT);

    const [mail] = await lookupMailsDelivered(email);
    if (!mail) throw new Error('no lookup mail');
    // Kept in the outbox as it left.
    const [row] = await lookupMails(email);
    expect(row!.language).toBe('ha');
    expect(mail.subject).toBe(translate('mail.lookup.subject', { count: 1 }, 'ha'));
    expect(pledgeLinks(mail)).toEqual([`${SITE}/pledge/${reference}?lang=ha`]);
    expect(mail.text).toContain('Rijiyoyin Dutse');
    expect(mail.text).toContain('Ana jiran tura kuɗinka');
  });

  it('mails one address at most three times an hour, answering alike beyond', async () => {
    expect(MAILBOX_LIMITS['pledge.lookup']).toEqual([
      { max: 3, windowMs: HOUR },
      { max: 10, windowMs: DAY },
    ]);
    const email = uniqueEmail('often');
    await pledge({ email });
    for (let i = 0; i < 5; i++) {
      const res = await lookup({ email });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: SENT });
    }
    expect(await lookupMails(email)).toHaveLength(3);
    advance(HOUR + 1000);
    expect((await lookup({ email })).json()).toEqual({ message: SENT });
    expect(await lookupMails(email)).toHaveLength(4);
  });

  it('answers a filled-in honeypot alike and mails nothing', async () => {
    const email = uniqueEmail('bot');
    await pledge({ email });
    const res = await lookup({ email, website: 'http://spam.example' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: SENT });
    expect(await lookupMails(email)).toEqual([]);
  });

  it('refuses an address that is not one, over REST and tRPC over HTTP alike', async () => {
    const res = await lookup({ email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(errorPaths(res)).toEqual(['email']);
    const viaTrpc = await trpcHttp(t.app, 'mutation', 'pledge.lookup', { email: uniqueEmail('trpc') });
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    expect(viaTrpc.json().result.data.json).toEqual({ message: SENT });
    const refused = await trpcHttp(t.app, 'mutation', 'pledge.lookup', { email: 'nope' });
    expect(refused.statusCode).toBe(400);
  });

  it('is documented with examples of its body and its answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/pledges/lookup'].post;
    expect(operation.operationId).toBe('lookupPledges');
    const body = operation.requestBody.content['application/json'];
    expect(body.example ?? body.examples).toBeTruthy();
    const answer = operation.responses['202'].content['application/json'];
    expect(answer.example ?? answer.examples).toBeTruthy();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['202', '303', '400', '429']));
  });

  it('spends the form budget of the client', async () => {
    const limited = await createTestApp(kind, {
      database: t.database,
      env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost', FORM_RATE_LIMIT_PER_MINUTE: '2' },
      now: () => clock,
    });
    try {
      const ask = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/pledges/lookup',
          payload: { email: uniqueEmail('budget') },
          remoteAddress: '10.9.9.9',
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await ask()).statusCode);
      expect(statuses.slice(0, 2)).toEqual([202, 202]);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('answers the page’s HTML form post 303 to “check your mail”, and gives the pledge page the working days', async () => {
    const site = await createTestApp(kind, {
      database: t.database,
      env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost' },
      now: () => clock,
      staticDir: builtClient(),
      renderer: await import('../../client/entry-server'),
    });
    try {
      const email = uniqueEmail('form');
      const reference = await pledge({ email });
      const post = (body: string) =>
        site.app.inject({
          method: 'POST',
          url: '/api/pledges/lookup',
          payload: body,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          remoteAddress: nextClient(),
        });
      const sent = await post(`email=${encodeURIComponent(email)}&website=`);
      expect(sent.statusCode, sent.body).toBe(303);
      expect(sent.headers.location).toBe('/pledge-lookup?sent=1');
      expect(await lookupMails(email)).toHaveLength(1);
      const refused = await post('email=nope');
      expect(refused.statusCode).toBe(303);
      expect(refused.headers.location).toBe('/pledge-lookup?error=email');

      const page = await site.app.inject({ method: 'GET', url: '/pledge-lookup?sent=1' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Check your email');
      expect(page.body).toContain('<meta name="robots" content="noindex">');
      const form = await site.app.inject({ method: 'GET', url: '/pledge-lookup?error=email' });
      expect(form.body).toContain('action="/api/pledges/lookup"');
      expect(form.body).toContain(translate('validation.email'));

      // The pledge page: "After you transfer" with Settings' working days, and the campaign to share.
      await site.asAdmin({
        method: 'PUT',
        url: '/api/settings',
        payload: { ...(await settingsNow()), confirmWorkingDays: 3 },
      });
      const data = await site.publicCaller.pledge.page({ reference });
      expect(data.giving).toEqual({ confirmWorkingDays: 3 });
      expect(data.campaignUrl).toBe(`${SITE}/campaign/${campaign._id}`);
      const pledgePage = await site.app.inject({ method: 'GET', url: `/pledge/${reference}` });
      expect(pledgePage.body).toContain('After you transfer');
      expect(pledgePage.body).toContain('usually within 3 working days');
      expect(pledgePage.body).toContain('Scan with another phone to open this page');
      await site.asAdmin({
        method: 'PUT',
        url: '/api/settings',
        payload: { ...(await settingsNow()), confirmWorkingDays: 1 },
      });
      expect((await site.app.inject({ method: 'GET', url: `/pledge/${reference}` })).body).toContain(
        'usually within 1 working day.',
      );
      const missing = await site.app.inject({ method: 'GET', url: '/pledge/ZZZZ2222' });
      expect(missing.body).toContain('href="/pledge-lookup"');
    } finally {
      await site.close();
    }
  });

  /** The settings as saved now, as the Settings page sends them back. */
  const settingsNow = async () => {
    const { onlinePayment: _status, ...settings } = await t.adminCaller.settings.get();
    return settings;
  };
});

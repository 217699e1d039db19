/**
 * The newsletter's double opt-in and one-click unsubscribe, on both engines, with mails read back
 * from a real SMTP server: the confirmation mail, the once-a-day (in Lagos) limit on a clock the test moves,
 * two sign-ups at once, the confirm page and call (single use, expiry), the unsubscribe link
 * (RFC 8058 one-click, the page, the tRPC twin), Hausa mails, rows from before the change, and
 * what the admin list shows.
 */
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../client/entry-server';
import { migrations } from '../../migrations';
import { newId } from '../../server/db/ids';
import { migrateToLatest } from '../../server/db/migrator';
import { createTestApp, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { freshDatabase, testDatabases } from '../helpers/databases';
import { deliverDue, linkTo, mailEnv, mailsTo } from '../helpers/mail';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const FORM = 'application/x-www-form-urlencoded';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const SUBSCRIBED = { message: 'Successfully subscribed!', data: null };

const newEmail = (name: string) => `${name}.${newId().slice(-12)}@example.org`;

describe.each(testDatabases())('newsletter double opt-in on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let clock = new Date('2026-11-28T09:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, {
      env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost' },
      now: () => clock,
      staticDir: builtClient(),
      renderer,
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const subscribe = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/submissions/newsletter/register',
      headers,
      payload: { email },
    });
  const rowOf = (email: string) =>
    t.deps.db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  /** Delivers what is due and answers the confirmation mails that arrived for `email`. */
  const confirmationsTo = async (email: string): Promise<ParsedMail[]> => {
    await deliverDue(t.deps, smtp);
    return mailsTo(smtp, email).filter((mail) => mail.subject === 'Confirm your subscription');
  };
  const tokenOf = (mail: ParsedMail, path: string) => linkTo(mail, path).searchParams.get('token')!;
  const confirmJson = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
  const oneClick = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': FORM, ...headers },
      payload: 'List-Unsubscribe=One-Click',
    });
  const signUpAndConfirm = async (email: string) => {
    await subscribe(email);
    const [mail] = await confirmationsTo(email);
    expect((await confirmJson(tokenOf(mail!, '/newsletter/confirm'))).statusCode).toBe(200);
    return mail!;
  };

  it('stores a new address unconfirmed and mails one confirmation, with the unsubscribe headers', async () => {
    const email = newEmail('amina');
    const res = await subscribe(email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(SUBSCRIBED);
    const row = await rowOf(email);
    expect(row.confirmedAt).toBeNull();

    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(1);
    // The mail is made as it leaves, and its time kept with the subscription.
    expect((await rowOf(email)).confirmSentAt?.getTime()).toBe(clock.getTime());
    const mail = mails[0]!;
    const confirm = linkTo(mail, '/newsletter/confirm');
    expect(confirm.origin).toBe('https://foundation.example.org');
    expect(mail.text).toContain(confirm.href);
    expect(mail.text).toContain('If you did not ask for this, ignore this mail: you will not be subscribed.');
    expect(mail.html).toContain('Confirm my subscription');
    const unsubscribe = linkTo(mail, '/newsletter/unsubscribe');
    const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')?.replace(/\r\n\s+/g, ' ')).toBe(`List-Unsubscribe: <${unsubscribe.href}>`);
    // Opening the link (a mail scanner does) confirms nothing.
    expect((await rowOf(email)).confirmedAt).toBeNull();
  });

  it('answers a repeat alike, and mails a new confirmation at most once a day, never to a confirmed address', async () => {
    // 10:00 in Lagos.
    clock = new Date('2026-11-28T09:00:00Z');
    const email = newEmail('bala');
    await subscribe(email);
    expect(await confirmationsTo(email)).toHaveLength(1);

    // 23:59 the same day in Lagos: nothing more.
    advance(14 * HOUR - 60_000);
    expect((await subscribe(email)).json()).toEqual(SUBSCRIBED);
    expect(await confirmationsTo(email)).toHaveLength(1);

    // The next day in Lagos: a new one.
    advance(2 * 60_000);
    expect((await subscribe(email)).json()).toEqual(SUBSCRIBED);
    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(2);
    expect((await rowOf(email)).confirmSentAt?.getTime()).toBe(clock.getTime());
    // Both links work until used: the second one confirms.
    expect((await confirmJson(tokenOf(mails[1]!, '/newsletter/confirm'))).statusCode).toBe(200);

    advance(2 * DAY);
    expect((await subscribe(email)).json()).toEqual(SUBSCRIBED);
    expect(await confirmationsTo(email)).toHaveLength(2);
  });

  it('mails one confirmation for two sign-ups at once, of a new address and of a known one', async () => {
    const fresh = newEmail('chinedu');
    const answers = await Promise.all([subscribe(fresh), subscribe(fresh)]);
    expect(answers.map((res) => res.json())).toEqual([SUBSCRIBED, SUBSCRIBED]);
    expect(await confirmationsTo(fresh)).toHaveLength(1);

    advance(DAY + HOUR);
    await Promise.all([subscribe(fresh), subscribe(fresh), subscribe(fresh)]);
    expect(await confirmationsTo(fresh)).toHaveLength(2);
  });

  it('confirms once by the JSON call; a used, expired or bad token is refused with a clear message', async () => {
    const email = newEmail('danjuma');
    await subscribe(email);
    const [mail] = await confirmationsTo(email);
    const token = tokenOf(mail!, '/newsletter/confirm');

    const ok = await confirmJson(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Thank you! Your subscription to our newsletter is confirmed.' });
    const row = await rowOf(email);
    expect(row.confirmedAt?.getTime()).toBe(clock.getTime());
    expect(row.status).toBe('active');
    const audit = await t.deps.db
      .selectFrom('audit_events')
      .selectAll()
      .where('target', '=', `newsletter/${row.id}`)
      .execute();
    expect(audit.map((e) => [e.actor, e.action, e.summary])).toEqual([
      ['visitor', 'submission.status', 'set to active'],
    ]);

    const again = await confirmJson(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This confirmation link has already been used.');
    // Two at once: one wins.
    const other = newEmail('danjuma2');
    await subscribe(other);
    const otherToken = tokenOf((await confirmationsTo(other))[0]!, '/newsletter/confirm');
    const both = await Promise.all([confirmJson(otherToken), confirmJson(otherToken)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 400]);

    const late = newEmail('danjuma3');
    await subscribe(late);
    const lateToken = tokenOf((await confirmationsTo(late))[0]!, '/newsletter/confirm');
    advance(7 * DAY + HOUR);
    const expired = await confirmJson(lateToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('This confirmation link has expired. Subscribe again to get a new one.');
    expect((await rowOf(late)).confirmedAt).toBeNull();

    for (const bad of ['nonsense', `${token.slice(0, -2)}xx`]) {
      const res = await confirmJson(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This link is not valid. Check that you opened the whole link from the mail.');
    }
    // An unsubscribe token is no confirm token.
    const unsubscribeToken = tokenOf(mail!, '/newsletter/unsubscribe');
    expect((await confirmJson(unsubscribeToken)).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('shows the confirm page with a form that posts, never confirming on GET, and answers a plain form post with the page', async () => {
    const email = newEmail('esther');
    await subscribe(email);
    const [mail] = await confirmationsTo(email);
    const link = linkTo(mail!, '/newsletter/confirm');
    const token = link.searchParams.get('token')!;

    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers: PAGE });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('<form action="/api/newsletter/confirm" method="post">');
    expect(page.body).toContain(`name="token" value="${token}"`);
    expect(page.body).toContain('Confirm my subscription');
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect((await rowOf(email)).confirmedAt).toBeNull();

    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      headers: { ...PAGE, 'content-type': FORM },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(posted.headers['cache-control']).toContain('no-store');
    expect(posted.body).toContain('You are subscribed');
    expect((await rowOf(email)).confirmedAt).not.toBeNull();

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      headers: { ...PAGE, 'content-type': FORM },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('This confirmation link has already been used.');

    const bad = await t.app.inject({ method: 'GET', url: '/newsletter/confirm?token=nonsense', headers: PAGE });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('This link is not valid.');
    expect(bad.body).not.toContain('method="post"');
  });

  it('unsubscribes in one click (RFC 8058), without sign-in, harmlessly twice; a bad token changes nothing', async () => {
    const email = newEmail('fatima');
    const mail = await signUpAndConfirm(email);
    const link = linkTo(mail, '/newsletter/unsubscribe');
    const token = link.searchParams.get('token')!;

    const res = await oneClick(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You will not receive our newsletter any more.' });
    const row = await rowOf(email);
    expect(row.status).toBe('unsubscribed');
    expect((await oneClick(token)).statusCode).toBe(200);
    const audit = await t.deps.db
      .selectFrom('audit_events')
      .select(['actor', 'summary'])
      .where('target', '=', `newsletter/${row.id}`)
      .orderBy('at')
      .execute();
    expect(audit).toEqual([
      { actor: 'visitor', summary: 'set to active' },
      { actor: 'visitor', summary: 'set to unsubscribed' },
    ]);

    // The link as the mail header gives it, language parameter and all.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${link.pathname}${link.search}`,
          headers: { 'content-type': FORM },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(200);

    // RFC 8058 also allows the body as multipart/form-data.
    const third = newEmail('fatima3');
    const thirdLink = linkTo(await signUpAndConfirm(third), '/newsletter/unsubscribe');
    const boundary = '----oneclick7MA4YWxkTrZu0gW';
    const multipart = await t.app.inject({
      method: 'POST',
      url: `${thirdLink.pathname}${thirdLink.search}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect((await rowOf(third)).status).toBe('unsubscribed');

    const other = newEmail('fatima2');
    await signUpAndConfirm(other);
    for (const bad of ['nonsense', tokenOf(mail, '/newsletter/confirm')]) {
      const refused = await oneClick(bad);
      expect(refused.statusCode).toBe(400);
    }
    const noBody = await t.app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': FORM },
      payload: 'something=else',
    });
    expect(noBody.statusCode).toBe(400);
    expect((await rowOf(other)).status).toBe('active');
    // Other methods are told which ones the address has.
    const put = await t.app.inject({ method: 'PUT', url: '/newsletter/unsubscribe?token=x' });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toContain('POST');
  });

  it("shows the unsubscribe page with a button posting the one-click body, and answers the page's own post with the page", async () => {
    const email = newEmail('garba');
    const mail = await signUpAndConfirm(email);
    const link = linkTo(mail, '/newsletter/unsubscribe');
    const token = link.searchParams.get('token')!;

    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers: PAGE });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain(`action="/newsletter/unsubscribe?token=${token}"`);
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(page.body).toContain('>Unsubscribe</button>');
    expect((await rowOf(email)).status).toBe('active');

    const posted = await oneClick(token, PAGE);
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(posted.body).toContain('You are unsubscribed');
    expect((await rowOf(email)).status).toBe('unsubscribed');

    const bad = await t.app.inject({ method: 'GET', url: '/newsletter/unsubscribe?token=nonsense', headers: PAGE });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('This link is not valid.');
    const badPost = await oneClick('nonsense', PAGE);
    expect(badPost.statusCode).toBe(400);
    expect(badPost.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('takes an unsubscribed address back only through a new confirmation; the tRPC twins do the same as REST', async () => {
    const email = newEmail('hadiza');
    const first = await signUpAndConfirm(email);
    await t.publicCaller.newsletter.unsubscribe({ token: tokenOf(first, '/newsletter/unsubscribe') });
    expect((await rowOf(email)).status).toBe('unsubscribed');

    // The first confirmation was over a day ago: signing up again mails a new one, changing nothing yet.
    advance(DAY + HOUR);
    expect((await subscribe(email)).json()).toEqual(SUBSCRIBED);
    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(2);
    expect((await rowOf(email)).status).toBe('unsubscribed');
    expect(await t.publicCaller.newsletter.confirm({ token: tokenOf(mails[1]!, '/newsletter/confirm') })).toEqual({
      message: 'Thank you! Your subscription to our newsletter is confirmed.',
    });
    expect((await rowOf(email)).status).toBe('active');
    await expect(
      t.publicCaller.newsletter.confirm({ token: tokenOf(mails[1]!, '/newsletter/confirm') }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'This confirmation link has already been used.' });
    await expect(t.publicCaller.newsletter.unsubscribe({ token: 'nonsense' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('writes the mail in Hausa for a sign-up from a Hausa page, with links to the Hausa pages', async () => {
    const email = newEmail('ibrahim');
    await subscribe(email, { 'accept-language': 'ha' });
    expect((await rowOf(email)).language).toBe('ha');
    await deliverDue(t.deps, smtp);
    const [mail] = mailsTo(smtp, email);
    expect(mail!.subject).toBe('Tabbatar da rajistarka');
    expect(mail!.text).toContain('ba za a yi maka rajista ba');
    const link = linkTo(mail!, '/newsletter/confirm');
    expect(link.searchParams.get('lang')).toBe('ha');
    expect(linkTo(mail!, '/newsletter/unsubscribe').searchParams.get('lang')).toBe('ha');
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers: PAGE });
    expect(page.body).toContain('Tabbatar da rajistata');
    expect(page.body).toContain('action="/api/newsletter/confirm?lang=ha"');
  });

  it('shows staff which addresses await confirmation, and keeps the tab counts of every row', async () => {
    const waiting = newEmail('jummai');
    const confirmed = newEmail('kabir');
    await subscribe(waiting);
    await signUpAndConfirm(confirmed);
    // The clock has moved past the admin token's life: the caller stands for the signed-in admin.
    const list = await t.adminCaller.submission.list({ type: 'newsletter', limit: 100 });
    const entries = list.newsletter;
    expect(entries.find((e) => e.email === waiting)?.confirmed).toBe(false);
    expect(entries.find((e) => e.email === confirmed)?.confirmed).toBe(true);
    const total = await t.deps.db
      .selectFrom('newsletter_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(list.counts.newsletter).toBe(Number(total.n));
    const page = await t.adminCaller.submission.page({ type: 'newsletter' });
    expect(page.items.find((e) => 'email' in e && e.email === waiting)).toMatchObject({ confirmed: false });
  });
});

describe.each(testDatabases())('newsletter rows stored before double opt-in on %s', (kind) => {
  it('counts them as confirmed and mails them nothing when they sign up again', async () => {
    const database = await freshDatabase(kind, { migrate: false });
    const smtp = await startSmtp();
    try {
      const migrator = new Migrator({
        db: database.db.withoutPlugins(),
        provider: { getMigrations: async () => migrations },
      });
      const before = await migrator.migrateTo('2026-11-27T0000-mail-outbox');
      expect(before.error).toBeUndefined();
      await sql`insert into newsletter_subscriptions (id, email, status, subscription_date, updated_at)
        values ('01900000-0000-7000-8000-0000000000aa', 'old.reader@example.org', 'active', now(), now())`.execute(
        database.db,
      );
      await migrateToLatest(database.db);
      const t = await createTestApp(kind, { database, env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost' } });
      try {
        const list = await t.asAdmin({ method: 'GET', url: '/api/submissions?type=newsletter' });
        expect(list.json().newsletter).toEqual([
          expect.objectContaining({ email: 'old.reader@example.org', confirmed: true }),
        ]);
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/submissions/newsletter/register',
              payload: { email: 'old.reader@example.org' },
            })
          ).json(),
        ).toEqual(SUBSCRIBED);
        await deliverDue(t.deps, smtp);
        expect(smtp.received).toHaveLength(0);
      } finally {
        await t.close();
      }
    } finally {
      await smtp.stop();
      await database.close();
    }
  });
});

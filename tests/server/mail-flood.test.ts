/**
 * The public forms cannot flood an inbox, on both databases with a real SMTP server and a clock the
 * test moves: mails a stranger can cause are counted per mailbox (the address without its +tag,
 * in any case), so `x+0@` … `x+9@` share one budget: at most 3 pledge instructions an hour and 10 a
 * day, one acknowledgement of each kind and one newsletter confirmation a day, 3 lookup mails an
 * hour. A pledge past the limit is still made and shown, with no mail and no reminder. A name that
 * holds a link, or looks like one, is never a mail's first words: the greeting is generic. Finance
 * hears of a burst of pledges in two mails, not one per pledge.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuePledgeReminders } from '../../server/giving/reminders';
import { createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { campaignPayload, contactPayload, partnerPayload, unique, volunteerPayload } from '../helpers/fixtures';
import { deliverDue, mailEnv } from '../helpers/mail';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Pledge alerts to one person: at most one at once per ten minutes of the clock. */
const ALERT_WINDOW = 10 * MINUTE;

const contentOf = (mail: ParsedMail) => `${mail.subject}\n${mail.text ?? ''}\n${mail.html || ''}`;

describe.each(testDatabases())('mail floods on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let campaignId: string;
  let finance: string;
  // At the start of a ten-minute window, so a burst of pledges falls in one.
  let clock = new Date(Math.ceil(Date.now() / ALERT_WINDOW) * ALERT_WINDOW + MINUTE);
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost' }, now: () => clock });
    await t.deps.db.updateTable('admin_users').set({ alertSubmissions: 'none', alertGiving: 'none' }).execute();
    const created = await t.asAdmin({ method: 'POST', url: '/campaigns', payload: campaignPayload() });
    expect(created.statusCode, created.body).toBe(201);
    campaignId = created.json().campaign._id;
    finance = (await insertStaff(t.deps.db, 'finance')).email;
    await t.deps.db.updateTable('admin_users').set({ alertGiving: 'each' }).where('email', '=', finance).execute();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  let client = 0;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.3.${client >> 8}.${++client & 255}` });

  /** A mailbox: `box(3)` is its address with the tag +3, in capitals every other time. */
  const mailbox = () => {
    const local = unique('flood');
    const box = (tag: number) => {
      const address = `${local}+${tag}@example.org`;
      return tag % 2 ? address.toUpperCase() : address;
    };
    return Object.assign(box, { plain: `${local}@example.org`, local });
  };
  type Mailbox = ReturnType<typeof mailbox>;
  /** What the SMTP server received for any address of the mailbox, of a kind of mail. */
  const received = (box: Mailbox, subject?: RegExp) =>
    smtp.received
      .filter((mail) => mail.rcptTo.some((to) => to.toLowerCase().startsWith(`${box.local}+`)))
      .map((mail) => mail.parsed)
      .filter((mail) => !subject || subject.test(mail.subject ?? ''));
  const INSTRUCTIONS = /^Your pledge .*: how to transfer/;

  const pledge = async (body: object) => {
    const res = await post('/api/pledges', { campaignId, amount: 5_000, name: 'Hauwa Sani', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { reference: string; expiresAt: string };
  };

  it('mails pledge instructions to one mailbox at most 3 times an hour and 10 a day, whatever its +tag and case', async () => {
    const box = mailbox();
    let tag = 0;
    const burst = async (count: number) => {
      for (let i = 0; i < count; i++) await pledge({ email: box(tag++) });
      await deliverDue(t.deps, smtp);
      return received(box, INSTRUCTIONS).length;
    };
    const start = clock.getTime();
    expect(await burst(5)).toBe(3);
    advance(HOUR + 1000);
    expect(await burst(4)).toBe(6);
    advance(HOUR + 1000);
    expect(await burst(4)).toBe(9);
    advance(HOUR + 1000);
    // The day's tenth, then nothing more for the day, hour after hour.
    expect(await burst(4)).toBe(10);
    advance(HOUR + 1000);
    expect(await burst(2)).toBe(10);
    // A day after the first three, three more may go.
    clock = new Date(start + DAY + 1000);
    expect(await burst(4)).toBe(13);
    const made = await t.deps.db.selectFrom('pledges').select('id').where('email', 'like', `${box.local}+%`).execute();
    expect(made).toHaveLength(23);
  });

  it('makes and shows a pledge past the limit, but mails it nothing and queues no reminder', async () => {
    const box = mailbox();
    const made = [];
    for (let tag = 0; tag < 4; tag++) made.push(await pledge({ email: box(tag) }));
    for (const { reference } of made) {
      const page = await t.app.inject({ method: 'GET', url: `/api/pledges/${reference}` });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().reference ?? page.json().data?.reference).toBe(reference);
    }
    // Nothing queued for the fourth, and it is marked so.
    const queued = await t.deps.db
      .selectFrom('mail_outbox')
      .select('toAddress')
      .where('kind', '=', 'pledge.instructions')
      .where('toAddress', 'like', `${box.local}+%`)
      .execute();
    expect(queued.map((row) => row.toAddress).sort()).toEqual([0, 1, 2].map((tag) => box(tag).toLowerCase()));
    const withheld = await t.deps.db
      .selectFrom('pledges')
      .select(['reference', 'mailWithheld'])
      .where(
        'reference',
        'in',
        made.map((pledge) => pledge.reference),
      )
      .execute();
    expect(Object.fromEntries(withheld.map((row) => [row.reference, row.mailWithheld]))).toEqual(
      Object.fromEntries(made.map((pledge, i) => [pledge.reference, i === 3])),
    );
    await deliverDue(t.deps, smtp);
    const mailed = received(box, INSTRUCTIONS).map((mail) => mail.subject);
    expect(mailed).toHaveLength(3);
    expect(mailed.join()).not.toContain(made[3]!.reference);

    const now = clock;
    try {
      // Two days before the references lapse: reminders for the three mailed, none for the fourth.
      clock = new Date(new Date(made[0]!.expiresAt).getTime() - 2 * DAY + MINUTE);
      await queuePledgeReminders(t.deps);
      await deliverDue(t.deps, smtp);
      const reminded = received(box, /^Reminder/).map((mail) => mail.subject);
      expect(reminded).toHaveLength(3);
      expect(reminded.join()).not.toContain(made[3]!.reference);
    } finally {
      clock = now;
    }
  });

  it('acknowledges applications and messages once a day per mailbox, whatever its +tag', async () => {
    const box = mailbox();
    for (let tag = 0; tag < 5; tag++) {
      const res = await post('/api/submissions/volunteer/register', volunteerPayload({ email: box(tag) }));
      expect(res.statusCode, res.body).toBe(201);
    }
    for (let tag = 5; tag < 8; tag++) {
      const res = await post('/api/submissions/contact/register', contactPayload({ email: box(tag) }));
      expect(res.statusCode, res.body).toBe(201);
    }
    await deliverDue(t.deps, smtp);
    expect(received(box, /application/)).toHaveLength(1);
    expect(received(box, /message/)).toHaveLength(1);
    expect(received(box)).toHaveLength(2);
  });

  it('sends one newsletter confirmation a day per mailbox, whatever its +tag', async () => {
    const box = mailbox();
    for (let tag = 0; tag < 4; tag++) {
      const res = await post('/api/submissions/newsletter/register', { email: box(tag) });
      expect(res.statusCode, res.body).toBe(201);
    }
    await deliverDue(t.deps, smtp);
    expect(received(box)).toHaveLength(1);
  });

  it('mails pledge lookups to one mailbox at most 3 times an hour, whatever its +tag', async () => {
    const box = mailbox();
    for (let tag = 0; tag < 3; tag++) await pledge({ email: box(tag) });
    await deliverDue(t.deps, smtp);
    const before = received(box).length;
    for (let i = 0; i < 6; i++) {
      const res = await post('/api/pledges/lookup', { email: box(i % 3) });
      expect(res.statusCode, res.body).toBe(202);
    }
    await deliverDue(t.deps, smtp);
    expect(received(box).length - before).toBe(3);
  });

  it('greets generically when the typed name holds a link or looks like one', async () => {
    const linkLike = [
      'WIN ₦500,000 NOW: visit http://evil.example/claim',
      'evil.example',
      'Claim at www.win-big',
      'WWW.EVIL.EXAMPLE',
      'write to claims@evil.example',
      'evil．example',
      'hxxp://evil.example',
    ];
    for (const name of linkLike) {
      const box = mailbox();
      await pledge({ email: box(0), name });
      await deliverDue(t.deps, smtp);
      const [mail] = received(box, INSTRUCTIONS);
      expect(mail!.text, name).toMatch(/^Hello,$/m);
      expect(contentOf(mail!).toLowerCase(), name).not.toMatch(/evil|win-big/);
      // Finding the pledge greets the same way.
      await post('/api/pledges/lookup', { email: box(0) });
      await deliverDue(t.deps, smtp);
      const [found] = received(box, /link/);
      expect(found!.text, name).toMatch(/^Hello,$/m);
      expect(contentOf(found!).toLowerCase(), name).not.toMatch(/evil|win-big/);
    }
    // Applications and messages: the name, the organisation and the subject quoted.
    const box = mailbox();
    await post('/api/submissions/volunteer/register', volunteerPayload({ email: box(0), firstName: 'evil.example' }));
    await post(
      '/api/submissions/partner/register',
      partnerPayload({ email: box(1), contactFirstName: 'Visit', organizationName: 'www.evil.example' }),
    );
    await post(
      '/api/submissions/contact/register',
      contactPayload({ email: box(2), name: 'http://evil.example', subject: 'Claim at evil.example now' }),
    );
    await deliverDue(t.deps, smtp);
    const mails = received(box);
    expect(mails).toHaveLength(3);
    for (const mail of mails) expect(contentOf(mail).toLowerCase(), mail.subject).not.toMatch(/evil/);
    expect(mails.filter((mail) => /^Hello,$/m.test(mail.text ?? ''))).toHaveLength(2);

    // A name is still a name.
    for (const name of ['Hauwa Sani', 'Ɗanjuma Ƙasim', "Mary-Jane O'Neil", 'J.R. Okafor', 'Dr. Aminu Bello']) {
      const named = mailbox();
      await pledge({ email: named(0), name });
      await deliverDue(t.deps, smtp);
      expect(received(named, INSTRUCTIONS)[0]!.text, name).toContain(`Hello ${name},`);
    }
  });

  it('tells finance of a burst of pledges in two mails: the first at once, the rest together after ten minutes', async () => {
    const alerts = () => smtp.received.filter((mail) => mail.rcptTo.includes(finance)).map((mail) => mail.parsed);
    // At the start of a window of its own, once what earlier tests caused has gone.
    clock = new Date(Math.ceil(clock.getTime() / ALERT_WINDOW) * ALERT_WINDOW + MINUTE);
    await deliverDue(t.deps, smtp);
    const before = alerts().length;
    const names = ['Aisha Bello', 'Bala Musa', 'Chinedu Eze', 'Danladi Yusuf', 'Esther Audu'];
    for (const name of names) {
      await pledge({ name, email: `${unique('burst')}@example.org` });
      advance(MINUTE);
    }
    await deliverDue(t.deps, smtp);
    const first = alerts().slice(before);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('New pledge: Aisha Bello');

    // The window ends: one mail with the four others.
    clock = new Date(Math.ceil(clock.getTime() / ALERT_WINDOW) * ALERT_WINDOW + 1000);
    await deliverDue(t.deps, smtp);
    const folded = alerts().slice(before + 1);
    expect(folded).toHaveLength(1);
    expect(folded[0]!.subject).toBe('4 more pledges');
    for (const name of names.slice(1)) expect(folded[0]!.text).toContain(name);
    expect(folded[0]!.text).not.toContain('Aisha Bello');

    // A quiet window: the next pledge is told at once, and nothing follows it.
    advance(2 * ALERT_WINDOW);
    await pledge({ name: 'Fatima Garba', email: `${unique('quiet')}@example.org` });
    await deliverDue(t.deps, smtp);
    advance(ALERT_WINDOW + 1000);
    await deliverDue(t.deps, smtp);
    expect(
      alerts()
        .slice(before + 2)
        .map((mail) => mail.subject),
    ).toEqual(['New pledge: Fatima Garba']);
    const waiting = await t.deps.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('status', '=', 'queued')
      .where('kind', 'like', 'alerts.%')
      .execute();
    expect(waiting).toEqual([]);
  });
});

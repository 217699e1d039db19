/**
 * The applicants' mails, delivered to a real SMTP server on both databases: the acknowledgement of
 * each kind of application and of a contact message (which quotes its subject, never the message
 * or the phone number), in the page's language; the welcome mail on approval, off until Settings
 * turn it on and then sent once however often the status flips; nothing queued by a rolled-back
 * change; a line break typed in a subject never reaching a header.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgeSubmissions } from '../../server/submissions/acknowledgements';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import { advocatePayload, contactPayload, partnerPayload, uniqueEmail, volunteerPayload } from '../helpers/fixtures';
import { deliverDue, linkTo, mailEnv, mailsTo } from '../helpers/mail';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

const contentOf = (mail: ParsedMail) => `${mail.subject}\n${mail.text ?? ''}\n${mail.html || ''}`;
/** The fixtures' phone numbers, in any of their spellings. */
const expectNoPhone = (mail: ParsedMail) =>
  expect(contentOf(mail).replace(/[\s-]/g, '')).not.toMatch(/8031234567|803123/);

const PAYLOADS = { volunteer: volunteerPayload, partner: partnerPayload, advocate: advocatePayload } as const;
type ApplicationType = keyof typeof PAYLOADS;
const FIRST_NAMES: Record<ApplicationType, string> = { volunteer: 'Amina', partner: 'Musa', advocate: 'Zainab' };

describe.each(testDatabases())('applicant mails on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const submit = async (type: ApplicationType | 'contact', payload: object, language = 'en') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${type}/register`,
      headers: { 'accept-language': language },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string };
  };
  const apply = async (type: ApplicationType, language = 'en') => {
    const email = uniqueEmail(type);
    const { _id } = await submit(type, PAYLOADS[type]({ email }), language);
    return { email, id: _id };
  };
  const setStatus = (type: ApplicationType, id: string, status: string) =>
    t.asAdmin({ method: 'PUT', url: `/api/submissions/${type}/${id}/status`, payload: { status } });
  const setWelcome = async (welcomeMail: boolean) => {
    const settings = (await t.asAdmin({ method: 'GET', url: '/api/settings' })).json();
    const res = await t.asAdmin({ method: 'PUT', url: '/api/settings', payload: { ...settings, welcomeMail } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings.welcomeMail).toBe(welcomeMail);
  };
  const welcomesTo = async (email: string) => {
    await deliverDue(t.deps, smtp);
    return mailsTo(smtp, email).filter((m) => /^Welcome/.test(m.subject ?? ''));
  };

  it('acknowledges at most one message and one application of a kind per address a day', async () => {
    const email = uniqueEmail('many');
    for (const subject of ['First question', 'Second question', 'Third question'])
      await submit('contact', contactPayload({ email, subject }));
    await submit('volunteer', volunteerPayload({ email }));
    await submit('volunteer', volunteerPayload({ email: email.toUpperCase() }));
    await deliverDue(t.deps, smtp);
    expect(mailsTo(smtp, email).map((m) => m.subject)).toEqual([
      'We received your message: First question',
      'We have your application',
    ]);
    // Every message is stored all the same.
    const stored = await t.deps.db.selectFrom('contact_messages').select('id').where('email', '=', email).execute();
    expect(stored).toHaveLength(3);
  });

  it.each(['volunteer', 'partner', 'advocate'] as const)(
    'acknowledges a %s application with what happens next',
    async (type) => {
      const { email } = await apply(type);
      await deliverDue(t.deps, smtp);
      const [mail, ...more] = mailsTo(smtp, email);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('We have your application');
      expect(mail!.text).toContain(`Hello ${FIRST_NAMES[type]},`);
      expect(mail!.text).toContain('What happens next');
      expect(mail!.text).toMatch(/1\. .+\n[\s\S]*2\. .+\n[\s\S]*3\. /);
      if (type === 'partner') expect(mail!.text).toContain('Sahel Water Ltd');
      expect(linkTo(mail!, '/campaigns')).toBeTruthy();
      expectNoPhone(mail!);
      // What the person wrote is not sent back.
      expect(contentOf(mail!)).not.toMatch(/tutoring|fund wells|spread the word|read\./);
    },
  );

  it('acknowledges a contact message by quoting its subject, never the message', async () => {
    const email = uniqueEmail('contact');
    await submit('contact', contactPayload({ email, subject: 'Boreholes in Bauchi', message: 'A private question.' }));
    await deliverDue(t.deps, smtp);
    const [mail] = mailsTo(smtp, email);
    expect(mail!.subject).toBe('We received your message: Boreholes in Bauchi');
    expect(mail!.text).toContain('Hello Ibrahim Sani,');
    expect(mail!.text).toContain('“Boreholes in Bauchi”');
    expect(contentOf(mail!)).not.toContain('private question');
    expectNoPhone(mail!);
    const [row] = await t.deps.db.selectFrom('mail_outbox').select('kind').where('toAddress', '=', email).execute();
    expect(row!.kind).toBe('contact.received');
  });

  it('writes in Hausa to someone who wrote from a Hausa page', async () => {
    const { email } = await apply('volunteer', 'ha');
    const contact = uniqueEmail('tambaya');
    await submit('contact', contactPayload({ email: contact, subject: 'Rijiya' }), 'ha');
    await deliverDue(t.deps, smtp);
    const [application] = mailsTo(smtp, email);
    expect(application!.subject).toBe('Mun karɓi takardar neman shigarka');
    expect(application!.text).toContain('Sannu Amina,');
    expect(linkTo(application!, '/campaigns').searchParams.get('lang')).toBe('ha');
    const [message] = mailsTo(smtp, contact);
    expect(message!.subject).toBe('Mun karɓi saƙonka: Rijiya');
  });

  it('keeps a line break typed in a subject out of the headers', async () => {
    const email = uniqueEmail('crlf');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions/contact/register',
      payload: contactPayload({
        email,
        name: 'Eve\r\nBcc: victim@example.org',
        // No address in the subject: one would be left out of the mail altogether (server/mail/typed-text.ts).
        subject: 'Hi\r\nBcc: victim',
      }),
    });
    if (res.statusCode === 201) {
      await deliverDue(t.deps, smtp);
      const received = smtp.received.filter((m) => m.rcptTo.includes(email));
      expect(received).toHaveLength(1);
      expect(received[0]!.rcptTo).toEqual([email]);
      expect(received[0]!.parsed.subject).toBe('We received your message: Hi Bcc: victim');
      expect(received[0]!.parsed.headers.has('bcc')).toBe(false);
    } else {
      expect(res.statusCode).toBe(400);
    }
    expect(mailsTo(smtp, 'victim@example.org')).toEqual([]);
  });

  it('sends no welcome mail while the setting is off, which it is at first', async () => {
    expect((await t.asAdmin({ method: 'GET', url: '/api/settings' })).json().welcomeMail).toBe(false);
    expect((await t.adminCaller.settings.get()).welcomeMail).toBe(false);
    const { email, id } = await apply('volunteer');
    expect((await setStatus('volunteer', id, 'approved')).statusCode).toBe(200);
    expect(await welcomesTo(email)).toEqual([]);
  });

  it('sends one welcome mail once the setting is on, however often the status flips', async () => {
    await setWelcome(true);
    try {
      for (const type of ['volunteer', 'partner', 'advocate'] as const) {
        const { email, id } = await apply(type);
        for (const status of ['approved', 'rejected', 'pending', 'approved', 'approved'])
          expect((await setStatus(type, id, status)).statusCode).toBe(200);
        const welcomes = await welcomesTo(email);
        expect(welcomes).toHaveLength(1);
        expect(welcomes[0]!.subject).toBe('Welcome to Arewa Community Development Foundation');
        expect(welcomes[0]!.text).toContain(`Hello ${FIRST_NAMES[type]},`);
        expectNoPhone(welcomes[0]!);
      }
      // A rejection sends none.
      const { email, id } = await apply('advocate');
      expect((await setStatus('advocate', id, 'rejected')).statusCode).toBe(200);
      expect(await welcomesTo(email)).toEqual([]);
      // In the applicant's language.
      const hausa = await apply('partner', 'ha');
      expect((await setStatus('partner', hausa.id, 'approved')).statusCode).toBe(200);
      await deliverDue(t.deps, smtp);
      expect(mailsTo(smtp, hausa.email).map((m) => m.subject)).toContain(
        'Barka da zuwa Arewa Community Development Foundation',
      );
    } finally {
      await setWelcome(false);
    }
  });

  it('keeps the setting when a client leaves it out, and through tRPC as through REST', async () => {
    const { welcomeMail: _welcomeMail, ...older } = await t.adminCaller.settings.get();
    await t.adminCaller.settings.update({ ...older, welcomeMail: true });
    const res = await t.asAdmin({ method: 'PUT', url: '/api/settings', payload: older });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings.welcomeMail).toBe(true);
    await setWelcome(false);
    expect((await t.adminCaller.settings.get()).welcomeMail).toBe(false);
  });

  it('queues nothing when the transaction that stored the submission rolls back', async () => {
    const email = uniqueEmail('rolled');
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('contact_messages')
          .values({ id: crypto.randomUUID(), name: 'Ada', email, phone: '0803 123 4567', subject: 'Hi', message: 'x' })
          .returningAll()
          .executeTakeFirstOrThrow();
        await acknowledgeSubmissions(trx, t.deps, { kind: 'contact', rows: [row] });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await t.deps.db.selectFrom('mail_outbox').select('id').where('toAddress', '=', email).execute()).toEqual([]);
  });
});

/**
 * A public form's `clientId` on both faces (REST and tRPC) and both databases: a form sent again
 * with it stores one row, queues one mail and is answered as the first time, also when the copies
 * arrive at once; the id with other content is refused without showing or changing what is
 * stored; a malformed id (or the nil or max UUID) is refused with a clear message; an id in capitals
 * is the same id; a repeat after a review still answers as the first time; and a form without one
 * works as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS } from '../../server/submissions/kinds';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import {
  FORM_TYPES,
  FORMS,
  type FormType,
  refusalOf,
  rowCount,
  trpcError,
  trpcHttp,
  trpcHttpError,
  uniqueEmail,
} from '../helpers/fixtures';
import { deliverDue, mailEnv } from '../helpers/mail';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

type Body = Record<string, unknown>;
const INVALID = 'clientId must be a UUID, such as 3f0c2a4e-8b1d-4c6e-9a57-2d8e4b1c7f90';
const REUSED = 'This clientId was already sent with a different form: give each filled form its own';

describe.each(testDatabases())('form client ids on %s', (kind) => {
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

  const register = (type: FormType, body: Body, language?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/submissions/${type}/register`,
      payload: body,
      ...(language && { headers: { 'accept-language': language } }),
    });
  const payload = (type: FormType, email = uniqueEmail(type)): Body & { email: string } => ({
    ...FORMS[type].payload(),
    email,
  });
  const rows = (type: FormType) => rowCount(t.deps, FORMS[type].table);
  /** The mails that reach `email` once what is due has gone (a newsletter repeat queues a job the worker drops). */
  const mailsTo = async (email: string) => {
    await deliverDue(t.deps, smtp);
    return smtp.received.filter((mail) => mail.rcptTo.includes(email)).length;
  };

  it.each(FORM_TYPES)('stores a %s sent twice over REST once, answers alike and mails once', async (type) => {
    const body = { ...payload(type), clientId: crypto.randomUUID() };
    const before = await rows(type);
    const first = await register(type, body);
    expect(first.statusCode).toBe(201);
    const again = await register(type, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(JSON.stringify(first.json())).not.toContain(body.clientId);
    expect(await rows(type)).toBe(before + 1);
    const [stored] = await t.deps.db
      .selectFrom(FORMS[type].table)
      .select('clientId')
      .where('email', '=', String(body.email))
      .execute();
    expect(stored!.clientId).toBe(body.clientId);
    // The acknowledgement, or the newsletter's confirmation: one.
    expect(await mailsTo(String(body.email))).toBe(1);
  });

  it.each(FORM_TYPES)('stores a %s sent twice over tRPC once, and answers alike', async (type) => {
    const body = { ...payload(type), clientId: crypto.randomUUID() };
    const before = await rows(type);
    const create = () => t.publicCaller.submission[type].create(body as never);
    const first = await create();
    expect(await create()).toEqual(first);
    // The REST twin takes the same id as the same form.
    const rest = await register(type, body);
    expect(rest.statusCode).toBe(201);
    expect(rest.json()).toEqual(JSON.parse(JSON.stringify(first)));
    expect(await rows(type)).toBe(before + 1);
    expect(await mailsTo(String(body.email))).toBe(1);
  });

  it.each(FORM_TYPES)('stores one %s when its copies arrive at once', async (type) => {
    const body = { ...payload(type), clientId: crypto.randomUUID() };
    const before = await rows(type);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => register(type, body)),
      trpcHttp(t.app, 'mutation', `submission.${type}.create`, body),
    ]);
    const rest = answers.slice(0, -1);
    for (const answer of rest) expect(answer.statusCode).toBe(201);
    expect(new Set(rest.map((answer) => answer.body)).size).toBe(1);
    expect(answers.at(-1)!.statusCode).toBe(200);
    expect(await rows(type)).toBe(before + 1);
    expect(await mailsTo(String(body.email))).toBe(1);
  });

  it.each(FORM_TYPES)('keeps a %s without clientId as it was', async (type) => {
    const body = payload(type);
    const before = await rows(type);
    const first = await register(type, body);
    const again = await register(type, body);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    // Two messages or applications; the newsletter keeps one subscription per address.
    expect(await rows(type)).toBe(before + (type === 'newsletter' ? 1 : 2));
    if (type !== 'newsletter') {
      expect(first.json().data._id).not.toBe(again.json().data._id);
      expect(first.json().data).not.toHaveProperty('clientId');
    }
  });

  it.each(FORM_TYPES)('refuses a %s with a malformed clientId, in both languages', async (type) => {
    const before = await rows(type);
    for (const clientId of ['not-a-uuid', '', 42, '3f0c2a4e8b1d4c6e9a572d8e4b1c7f90x']) {
      const res = await register(type, { ...payload(type), clientId });
      expect(res.statusCode, String(clientId)).toBe(400);
      const refusal = refusalOf(res) as { message: string; errors: { path: string; message: string }[] };
      expect(refusal.errors).toContainEqual({ path: 'clientId', message: INVALID });
    }
    const hausa = await register(type, { ...payload(type), clientId: 'x' }, 'ha');
    expect(hausa.statusCode).toBe(400);
    expect(JSON.stringify(hausa.json())).toContain('Dole clientId ya zama UUID');
    const trpc = await trpcError(t.publicCaller.submission[type].create({ ...payload(type), clientId: 'x' } as never));
    expect(trpc.code).toBe('BAD_REQUEST');
    expect(trpc.paths).toEqual(['clientId']);
    const overHttp = await trpcHttp(t.app, 'mutation', `submission.${type}.create`, {
      ...payload(type),
      clientId: 'x',
    });
    expect(trpcHttpError(overHttp).data.fieldErrors).toContainEqual({ path: 'clientId', message: INVALID });
    expect(await rows(type)).toBe(before);
  });

  it.each(FORM_TYPES)('refuses a %s clientId sent with other content, showing and changing nothing', async (type) => {
    const clientId = crypto.randomUUID();
    const original = { ...payload(type), clientId };
    expect((await register(type, original)).statusCode).toBe(201);
    const before = await rows(type);
    const other = { ...payload(type), clientId };
    const res = await register(type, other);
    expect(res.statusCode).toBe(409);
    expect(refusalOf(res)).toEqual({ message: REUSED });
    expect(res.body).not.toContain(String(original.email));
    const viaTrpc = await trpcError(t.publicCaller.submission[type].create(other as never));
    expect(viaTrpc).toMatchObject({ code: 'CONFLICT', message: REUSED });
    expect(await rows(type)).toBe(before);
    const stored = await t.deps.db
      .selectFrom(FORMS[type].table)
      .select('email')
      .where('clientId', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(stored.email).toBe(original.email);
    expect(await mailsTo(String(other.email))).toBe(0);
  });

  it('stores a clientId used by another kind of form as that form, leaving the first alone', async () => {
    const clientId = crypto.randomUUID();
    const contact = { ...payload('contact'), clientId };
    const first = await register('contact', contact);
    expect(first.statusCode).toBe(201);
    const volunteer = { ...payload('volunteer'), clientId };
    const res = await register('volunteer', volunteer);
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain(String(contact.email));
    expect(res.json().data.email).toBe(volunteer.email);
    const again = await register('contact', contact);
    expect(again.json()).toEqual(first.json());
  });

  it('answers a repeat in the language it is asked in, with the same status', async () => {
    const body = { ...payload('contact'), clientId: crypto.randomUUID() };
    const first = await register('contact', body);
    const again = await register('contact', body, 'ha');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json().data).toEqual(first.json().data);
    expect(again.json().message).toBe('An aika saƙonka cikin nasara! Za mu amsa maka ba da jimawa ba.');
  });

  it.each(['volunteer', 'partner', 'advocate'] as const)(
    'answers a %s sent again after its review exactly as the first time',
    async (type) => {
      const body = { ...payload(type), clientId: crypto.randomUUID() };
      const first = await register(type, body);
      expect(first.statusCode).toBe(201);
      expect(first.json().data.status).toBe('pending');
      await t.deps.db
        .updateTable(FORMS[type].table as 'volunteer_submissions')
        .set({ status: 'approved', updatedAt: new Date() })
        .where('clientId', '=', body.clientId)
        .execute();
      const again = await register(type, body);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(await t.publicCaller.submission[type].create(body as never)).toEqual(first.json());
    },
  );

  it.each(FORM_TYPES)('refuses the nil and the max UUID as a %s clientId', async (type) => {
    const before = await rows(type);
    for (const clientId of ['00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF']) {
      const res = await register(type, { ...payload(type), clientId });
      expect(res.statusCode, clientId).toBe(400);
      expect((refusalOf(res) as { errors: unknown[] }).errors).toContainEqual({ path: 'clientId', message: INVALID });
    }
    expect(await rows(type)).toBe(before);
  });

  it.each(FORM_TYPES)('takes a %s clientId in capitals as the same id, stored in small letters', async (type) => {
    const clientId = crypto.randomUUID();
    const body = { ...payload(type), clientId: clientId.toUpperCase() };
    // The form's schema, the contract of both faces, gives the service one spelling.
    expect((KINDS[type].input.parse(body) as { clientId?: string }).clientId).toBe(clientId);
    const before = await rows(type);
    const first = await register(type, body);
    expect(first.statusCode).toBe(201);
    const again = await register(type, { ...body, clientId });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const viaTrpc = await t.publicCaller.submission[type].create({
      ...body,
      clientId: clientId.toUpperCase(),
    } as never);
    expect(viaTrpc).toEqual(first.json());
    expect(await rows(type)).toBe(before + 1);
    const stored = await t.deps.db
      .selectFrom(FORMS[type].table as 'contact_messages')
      .select('clientId')
      .where('email', '=', body.email)
      .execute();
    expect(stored.map((row) => row.clientId)).toEqual([clientId]);
    expect(await mailsTo(body.email)).toBe(1);
    // Other content under the same id in other letters is still refused.
    const other = await register(type, { ...payload(type), clientId: clientId.toUpperCase() });
    expect(other.statusCode).toBe(409);
  });

  it('keeps a newsletter repeat of a known address from mailing again', async () => {
    const email = uniqueEmail('reader');
    expect((await register('newsletter', { email })).statusCode).toBe(201);
    const clientId = crypto.randomUUID();
    for (let i = 0; i < 3; i++) {
      const res = await register('newsletter', { email, clientId });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toBeNull();
    }
    // The first confirmation only: a known address is mailed again at most once a day.
    expect(await mailsTo(email)).toBe(1);
  });
});

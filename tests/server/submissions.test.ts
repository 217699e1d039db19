/**
 * Public sign-ups and their review on both faces: REST
 * /api/submissions/* and the submission.* tRPC procedures, with the same expectations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionLists } from '../../shared/schemas/submissions';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';
import {
  advocatePayload,
  contactPayload,
  errorPaths,
  FORM_TYPES,
  FORMS,
  type FormType,
  foreignToken,
  newsletterPayload,
  partnerPayload,
  refusalOf,
  rowCount,
  trpcError,
  trpcHttp,
  trpcHttpError,
  uniqueEmail,
  volunteerPayload,
} from '../helpers/fixtures';

const REQUIRED = 'Please fill in all required fields';
const APPLICATION_OK = 'Application submitted successfully! We will contact you soon.';
const SUCCESS: Record<FormType, string> = {
  volunteer: APPLICATION_OK,
  partner: APPLICATION_OK,
  advocate: APPLICATION_OK,
  contact: 'Message sent successfully! We will get back to you soon.',
  newsletter: 'Successfully subscribed!',
};
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000';

type Body = Record<string, unknown>;
type Data = Record<string, unknown> & { _id: string };

describe.each(testDatabases())('submissions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const register = (type: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/submissions/${type}/register`, payload: body as Body });
  const createViaTrpc = (type: FormType, body: unknown) => t.publicCaller.submission[type].create(body as never);
  /** The newsletter answers no data (it must not tell a known address): its record is read back. */
  const storedSubscription = async (email: string): Promise<Data> => {
    const row = await t.deps.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirstOrThrow();
    return {
      _id: row.id,
      email: row.email,
      status: row.status,
      subscriptionDate: row.subscriptionDate.toISOString(),
      confirmed: row.confirmedAt !== null,
    };
  };
  const registered = async (type: FormType, body: Body = FORMS[type].payload()) => {
    const res = await register(type, body);
    expect(res.statusCode).toBe(201);
    const { data } = res.json<{ message: string; data: Data | null }>();
    if (type === 'newsletter') {
      expect(data).toBeNull();
      return storedSubscription(String(body.email));
    }
    return data!;
  };
  const lists = async () => {
    const res = await t.asAdmin({ method: 'GET', url: '/api/submissions' });
    expect(res.statusCode).toBe(200);
    return res.json<SubmissionLists>();
  };
  const setStatus = (type: string, id: string, status: unknown) =>
    t.asAdmin({ method: 'PUT', url: `/api/submissions/${type}/${id}/status`, payload: { status } });

  describe('registering', () => {
    it.each(FORM_TYPES)(
      'POST /api/submissions/%s/register answers 201 {message, data} and stores one row',
      async (type) => {
        const before = await rowCount(t.deps, FORMS[type].table);
        const body: Body = FORMS[type].payload();
        const res = await register(type, body);
        expect(res.statusCode).toBe(201);
        const answer = res.json<{ message: string; data: Data | null }>();
        expect(answer.message).toBe(SUCCESS[type]);
        // The newsletter answers `data: null` for every address; what it stored is checked here.
        if (type === 'newsletter') expect(answer.data).toBeNull();
        const data = answer.data ?? (await storedSubscription(String(body.email)));
        expect(data._id).toMatch(/^[0-9a-f-]{36}$/);
        const { website: _honeypot, ...stored } = body;
        expect(data).toMatchObject(stored);
        if (type === 'newsletter') {
          expect(data.status).toBe('active');
          expect(Date.parse(String(data.subscriptionDate))).not.toBeNaN();
        } else if (type === 'contact') {
          expect(data.status).toBeUndefined();
          expect(Date.parse(String(data.createdAt))).not.toBeNaN();
        } else {
          expect(data.status).toBe('pending');
          expect(Date.parse(String(data.registrationDate))).not.toBeNaN();
        }
        expect(await rowCount(t.deps, FORMS[type].table)).toBe(before + 1);
      },
    );

    it.each(FORM_TYPES)('submission.%s.create answers the same shape', async (type) => {
      const body: Body = FORMS[type].payload();
      const result = (await createViaTrpc(type, body)) as { message: string; data: Data | null };
      expect(result.message).toBe(SUCCESS[type]);
      if (type === 'newsletter') {
        expect(result.data).toBeNull();
        expect(await storedSubscription(String(body.email))).toMatchObject({ ...body, status: 'active' });
        return;
      }
      expect(result.data).toMatchObject(body);
      expect(result.data!.status).toBe(type === 'contact' ? undefined : 'pending');
    });

    it.each(FORM_TYPES)('%s: trims and lower-cases the email', async (type) => {
      const email = uniqueEmail('Mixed.Case');
      const padded = `  ${email.toUpperCase()}  `;
      expect((await registered(type, FORMS[type].payload({ email: padded }))).email).toBe(email.toLowerCase());
      const sent = `\t${uniqueEmail('TRPC').toUpperCase()} `;
      const viaTrpc = (await createViaTrpc(type, FORMS[type].payload({ email: sent }))) as { data: Data | null };
      const data = viaTrpc.data ?? (await storedSubscription(sent));
      expect(data.email).toMatch(/^trpc[a-z0-9]+@example\.org$/);
    });

    it.each(FORM_TYPES)('%s: a filled honeypot answers 201 and stores nothing', async (type) => {
      const before = await rowCount(t.deps, FORMS[type].table);
      const res = await register(type, { ...FORMS[type].payload(), website: 'http://spam.example' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: SUCCESS[type], data: null });
      expect(await createViaTrpc(type, { ...FORMS[type].payload(), website: 'x' })).toEqual({
        message: SUCCESS[type],
        data: null,
      });
      expect(await rowCount(t.deps, FORMS[type].table)).toBe(before);
    });

    it('answers a known newsletter address exactly as a new one, and never re-activates an unsubscribed one', async () => {
      const email = uniqueEmail('reader');
      const fresh = await register('newsletter', { email });
      const known = await register('newsletter', { email: email.toUpperCase() });
      expect(known.statusCode).toBe(fresh.statusCode);
      expect(known.body).toBe(fresh.body);
      expect(known.json()).toEqual({ message: SUCCESS.newsletter, data: null });
      const rows = () =>
        t.deps.db.selectFrom('newsletter_subscriptions').select(['id', 'status']).where('email', '=', email).execute();
      const [row] = await rows();
      expect(await rows()).toHaveLength(1);

      // Unsubscribed: the public form answers the same and leaves it unsubscribed, on both faces.
      expect((await setStatus('newsletter', row!.id, 'unsubscribed')).statusCode).toBe(200);
      const again = await register('newsletter', { email });
      expect(again.body).toBe(fresh.body);
      expect(await t.publicCaller.submission.newsletter.create({ email })).toEqual({
        message: SUCCESS.newsletter,
        data: null,
      });
      expect(await rows()).toEqual([{ id: row!.id, status: 'unsubscribed' }]);

      // Staff may set it active again (when the person asks).
      await t.adminCaller.submission.updateStatus({ type: 'newsletter', id: row!.id, status: 'active' });
      expect(await rows()).toEqual([{ id: row!.id, status: 'active' }]);
    });
  });

  describe('listing for admins', () => {
    it('GET /api/submissions answers the five lists, newest first; submission.list the same', async () => {
      const older = {
        volunteer: await registered('volunteer'),
        partner: await registered('partner'),
        advocate: await registered('advocate'),
        newsletter: await registered('newsletter'),
        contact: await registered('contact'),
      };
      const newer = {
        volunteer: await registered('volunteer'),
        partner: await registered('partner'),
        advocate: await registered('advocate'),
        newsletter: await registered('newsletter'),
        contact: await registered('contact'),
      };
      const body = await lists();
      expect(Object.keys(body).sort()).toEqual([
        'advocate',
        'contact',
        'counts',
        'newsletter',
        'next',
        'partner',
        'volunteer',
      ]);
      for (const type of FORM_TYPES) {
        const ids = body[type].map((s) => s._id);
        expect(ids.indexOf(newer[type]._id), type).toBeGreaterThanOrEqual(0);
        expect(ids.indexOf(newer[type]._id), type).toBeLessThan(ids.indexOf(older[type]._id));
        expect(body[type].find((s) => s._id === newer[type]._id)).toEqual(newer[type]);
      }
      const viaTrpc = await t.adminCaller.submission.list();
      for (const type of FORM_TYPES) expect(viaTrpc[type].map((s) => s._id)).toEqual(body[type].map((s) => s._id));
    });
  });

  describe('changing status', () => {
    it.each([
      ['volunteer', ['approved', 'rejected', 'pending']],
      ['partner', ['approved', 'rejected', 'pending']],
      ['advocate', ['rejected', 'approved', 'pending']],
      ['newsletter', ['unsubscribed', 'active']],
    ] as const)('PUT /api/submissions/%s/:id/status accepts %j', async (type, statuses) => {
      const { _id } = await registered(type);
      for (const status of statuses) {
        const res = await setStatus(type, _id, status);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: 'Status updated successfully', _id, status });
        const listed = (await lists())[type].find((s) => s._id === _id);
        expect(listed?.status).toBe(status);
      }
      for (const status of statuses) {
        expect(await t.adminCaller.submission.updateStatus({ type, id: _id, status })).toEqual({
          message: 'Status updated successfully',
          _id,
          status,
        });
      }
    });

    it.each([
      ['volunteer', 'active'],
      ['partner', 'unsubscribed'],
      ['advocate', 'archived'],
      ['newsletter', 'approved'],
      ['newsletter', 'pending'],
      ['volunteer', 'PENDING'],
    ] as const)('%s refuses status %s with 400', async (type, status) => {
      const { _id } = await registered(type);
      const res = await setStatus(type, _id, status);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid status for this submission type');
      expect(errorPaths(res)).toEqual(['status']);
      const error = await trpcError(t.adminCaller.submission.updateStatus({ type, id: _id, status }));
      expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid status for this submission type' });
      const stored = (await lists())[type].find((s) => s._id === _id);
      expect(stored?.status).toBe(type === 'newsletter' ? 'active' : 'pending');
    });

    it.each([undefined, '', 42, null])('refuses a missing or non-text status (%j) with 400', async (status) => {
      const { _id } = await registered('volunteer');
      const res = await setStatus('volunteer', _id, status);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid status for this submission type');
    });

    it.each(['contact', 'foo'])('refuses type %s with 400', async (type) => {
      const { _id } = await registered('contact');
      const res = await setStatus(type, _id, 'approved');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Unknown submission type');
      const error = await trpcError(
        t.adminCaller.submission.updateStatus({ type: type as never, id: _id, status: 'approved' }),
      );
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.paths).toContain('type');
    });

    it.each([UNKNOWN_ID, 'abc', 'x'.repeat(150)])('answers 404 Submission not found for id %s', async (id) => {
      const res = await setStatus('volunteer', id, 'approved');
      expect(res.statusCode).toBe(404);
      expect(refusalOf(res)).toEqual({ message: 'Submission not found' });
    });

    it.each([UNKNOWN_ID, 'abc', '../x'])('submission.updateStatus answers NOT_FOUND for id %s', async (id) => {
      expect(
        await trpcError(t.adminCaller.submission.updateStatus({ type: 'partner', id, status: 'approved' })),
      ).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Submission not found',
      });
    });

    it('an id of another type is not found', async () => {
      const { _id } = await registered('volunteer');
      expect((await setStatus('partner', _id, 'approved')).statusCode).toBe(404);
    });
  });

  describe('admin routes refuse visitors', () => {
    it('answers 401 {message} without a token, with garbage and with a foreign-signed token', async () => {
      const { _id } = await registered('volunteer');
      const foreign = await foreignToken(t.deps);
      const routes = [
        { method: 'GET' as const, url: '/api/submissions' },
        { method: 'PUT' as const, url: `/api/submissions/volunteer/${_id}/status`, payload: { status: 'approved' } },
      ];
      const headers: [Record<string, string>, string][] = [
        [{}, 'Authentication required'],
        [{ authorization: 'Bearer garbage.token.here' }, 'Invalid or expired token'],
        [{ authorization: `Bearer ${foreign}` }, 'Invalid or expired token'],
      ];
      for (const route of routes) {
        for (const [h, message] of headers) {
          const res = await t.app.inject({ ...route, headers: h });
          expect(res.statusCode).toBe(401);
          expect(refusalOf(res)).toEqual({ message });
        }
      }
      const row = await t.deps.db
        .selectFrom('volunteer_submissions')
        .select('status')
        .where('id', '=', _id)
        .executeTakeFirst();
      expect(row?.status).toBe('pending');
    });

    it('tRPC admin procedures answer UNAUTHORIZED to a visitor and to a refused token', async () => {
      const { _id } = await registered('advocate');
      expect(await trpcError(t.publicCaller.submission.list())).toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'Authentication required',
      });
      expect(
        await trpcError(t.publicCaller.submission.updateStatus({ type: 'advocate', id: _id, status: 'approved' })),
      ).toMatchObject({ code: 'UNAUTHORIZED' });
      const foreign = await foreignToken(t.deps);
      for (const token of ['garbage', foreign]) {
        const auth = { authorization: `Bearer ${token}` };
        const list = await trpcHttp(t.app, 'query', 'submission.list', undefined, auth);
        expect(list.statusCode).toBe(401);
        const update = await trpcHttp(
          t.app,
          'mutation',
          'submission.updateStatus',
          { type: 'advocate', id: _id, status: 'approved' },
          auth,
        );
        expect(update.statusCode).toBe(401);
        expect(trpcHttpError(update).message).toBe('Authentication required');
      }
    });
  });

  describe('validation', () => {
    type Case = { name: string; type: FormType; body: Body; message: string; paths: string[] };
    const omit = (body: Body, ...keys: string[]) =>
      Object.fromEntries(Object.entries(body).filter(([k]) => !keys.includes(k)));
    const missing = (type: FormType, field: string): Case => ({
      name: `${type} without ${field}`,
      type,
      body: omit(FORMS[type].payload(), field),
      message: REQUIRED,
      paths: [field],
    });
    const invalid = (type: FormType, name: string, overrides: Body, path: string, message: string): Case => ({
      name: `${type} with ${name}`,
      type,
      body: { ...FORMS[type].payload(), ...overrides },
      message,
      paths: [path],
    });

    const failing: Case[] = [
      ...['firstName', 'lastName', 'email', 'phone', 'availability', 'interests', 'motivation'].map((f) =>
        missing('volunteer', f),
      ),
      ...[
        'organizationName',
        'contactFirstName',
        'contactLastName',
        'email',
        'phone',
        'organizationType',
        'partnershipType',
        'projectInterests',
        'resourceContribution',
      ].map((f) => missing('partner', f)),
      ...['firstName', 'lastName', 'email', 'advocacyInterests', 'message'].map((f) => missing('advocate', f)),
      ...['name', 'email', 'phone', 'subject', 'message'].map((f) => missing('contact', f)),
      missing('newsletter', 'email'),
      {
        name: 'volunteer with blank strings',
        type: 'volunteer',
        body: volunteerPayload({ firstName: '   ', motivation: '' }),
        message: REQUIRED,
        paths: ['firstName', 'motivation'],
      },
      {
        name: 'an empty volunteer form',
        type: 'volunteer',
        body: {},
        message: REQUIRED,
        paths: ['firstName', 'interests', 'motivation'],
      },
      { name: 'an empty body', type: 'newsletter', body: {}, message: REQUIRED, paths: ['email'] },
      // At least one choice
      invalid('volunteer', 'no interests', { interests: [] }, 'interests', REQUIRED),
      invalid('partner', 'no partnership type', { partnershipType: [] }, 'partnershipType', REQUIRED),
      invalid('partner', 'no project interests', { projectInterests: [] }, 'projectInterests', REQUIRED),
      invalid('advocate', 'no advocacy interests', { advocacyInterests: [] }, 'advocacyInterests', REQUIRED),
      // Values outside the choice lists
      invalid(
        'volunteer',
        'an unknown interest',
        { interests: ['Educational Programs', 'Gardening'] },
        'interests.1',
        'Please choose one of the listed options',
      ),
      invalid(
        'volunteer',
        'an unknown availability',
        { availability: 'Mornings' },
        'availability',
        'Please choose one of the listed options',
      ),
      invalid(
        'partner',
        'an unknown organization type',
        { organizationType: 'Church' },
        'organizationType',
        'Please choose one of the listed options',
      ),
      invalid(
        'partner',
        'an unknown partnership type',
        { partnershipType: ['Moral Support'] },
        'partnershipType.0',
        'Please choose one of the listed options',
      ),
      invalid(
        'partner',
        'an unknown project interest',
        { projectInterests: ['Sports'] },
        'projectInterests.0',
        'Please choose one of the listed options',
      ),
      invalid(
        'advocate',
        'an unknown advocacy interest',
        { advocacyInterests: ['Lobbying'] },
        'advocacyInterests.0',
        'Please choose one of the listed options',
      ),
      invalid(
        'volunteer',
        'interests as a string',
        { interests: 'Fundraising' },
        'interests',
        'Please choose at least one option',
      ),
      // Emails
      ...(['volunteer', 'partner', 'advocate', 'contact', 'newsletter'] as const).flatMap((type) => [
        invalid(
          type,
          'an email without @',
          { email: 'ada.example.org' },
          'email',
          'Please enter a valid email address',
        ),
        invalid(
          type,
          'an email without a domain dot',
          { email: 'ada@localhost' },
          'email',
          'Please enter a valid email address',
        ),
      ]),
      invalid(
        'newsletter',
        'an email with spaces inside',
        { email: 'ada lovelace@example.org' },
        'email',
        'Please enter a valid email address',
      ),
      // Phones
      invalid('volunteer', 'letters in the phone', { phone: 'call me' }, 'phone', 'Please enter a valid phone number'),
      invalid('partner', 'a too short phone', { phone: '12345' }, 'phone', 'Please enter a valid phone number'),
      invalid(
        'contact',
        'a phone with a letter',
        { phone: '0803 123 456a' },
        'phone',
        'Please enter a valid phone number',
      ),
      invalid(
        'advocate',
        'an invalid optional phone',
        { phone: '++234' },
        'phone',
        'Please enter a valid phone number',
      ),
      // Lengths
      invalid(
        'volunteer',
        'a 101-character first name',
        { firstName: 'a'.repeat(101) },
        'firstName',
        'Must be at most 100 characters',
      ),
      invalid(
        'partner',
        'a 201-character organization name',
        { organizationName: 'o'.repeat(201) },
        'organizationName',
        'Must be at most 200 characters',
      ),
      invalid(
        'advocate',
        'a 5001-character message',
        { message: 'm'.repeat(5001) },
        'message',
        'Must be at most 5000 characters',
      ),
      invalid(
        'contact',
        'a 201-character subject',
        { subject: 's'.repeat(201) },
        'subject',
        'Must be at most 200 characters',
      ),
      invalid(
        'advocate',
        'a 501-character social media field',
        { socialMediaHandles: 'h'.repeat(501) },
        'socialMediaHandles',
        'Must be at most 500 characters',
      ),
      invalid(
        'newsletter',
        'a 255-character email',
        { email: `${'a'.repeat(243)}@example.org` },
        'email',
        'Must be at most 254 characters',
      ),
      // Types
      invalid('contact', 'a number as the name', { name: 42 }, 'name', 'Invalid request'),
      invalid('volunteer', 'an object as the occupation', { occupation: { a: 1 } }, 'occupation', 'Invalid request'),
      // PostgreSQL text cannot hold NUL: refused before the database (it was a 500)
      invalid(
        'volunteer',
        'a NUL character in the motivation',
        { motivation: 'Help\u0000' },
        'motivation',
        'Invalid request',
      ),
      invalid('advocate', 'a NUL character in an optional field', { city: 'Kano\u0000' }, 'city', 'Invalid request'),
      invalid('contact', 'a NUL character in the subject', { subject: '\u0000' }, 'subject', 'Invalid request'),
    ];

    it.each(failing.map((c) => [c.name, c] as const))('refuses %s', async (_name, c) => {
      const before = await rowCount(t.deps, FORMS[c.type].table);
      const res = await register(c.type, c.body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(c.message);
      expect(errorPaths(res)).toEqual(expect.arrayContaining(c.paths));
      const error = await trpcError(createViaTrpc(c.type, c.body));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe(c.message);
      expect(error.paths).toEqual(expect.arrayContaining(c.paths));
      expect(await rowCount(t.deps, FORMS[c.type].table)).toBe(before);
    });

    it.each(FORM_TYPES)('%s: tRPC over HTTP carries the same message and field errors', async (type) => {
      const res = await trpcHttp(t.app, 'mutation', `submission.${type}.create`, omit(FORMS[type].payload(), 'email'));
      expect(res.statusCode).toBe(400);
      const error = trpcHttpError(res);
      expect(error.message).toBe(REQUIRED);
      expect(error.data.fieldErrors).toEqual(
        expect.arrayContaining([{ path: 'email', message: 'This field is required' }]),
      );
    });

    const passing: [string, FormType, Body][] = [
      [
        'volunteer without occupation and experience',
        'volunteer',
        omit(volunteerPayload(), 'occupation', 'experience'),
      ],
      [
        'volunteer with null optional fields',
        'volunteer',
        volunteerPayload({ occupation: null, experience: null } as never),
      ],
      ['volunteer with a 100-character first name', 'volunteer', volunteerPayload({ firstName: 'a'.repeat(100) })],
      [
        'volunteer with every interest',
        'volunteer',
        volunteerPayload({
          interests: [
            'Educational Programs',
            'Health Outreach',
            'Infrastructure Projects',
            'Administrative Support',
            'Community Events',
            'Fundraising',
          ],
        }),
      ],
      ['partner without message', 'partner', omit(partnerPayload(), 'message')],
      ['partner of type Other', 'partner', partnerPayload({ organizationType: 'Other' })],
      [
        'advocate with only the required fields',
        'advocate',
        omit(advocatePayload(), 'phone', 'city', 'state', 'socialMediaHandles', 'experience'),
      ],
      ['advocate with an empty optional phone', 'advocate', advocatePayload({ phone: '' })],
      ['contact with a local phone with dashes', 'contact', contactPayload({ phone: '0803-123-4567' })],
      [
        'contact with an international phone in brackets',
        'contact',
        contactPayload({ phone: '+234 (0) 803 123 4567' }),
      ],
      ['newsletter with a plus address', 'newsletter', newsletterPayload({ email: uniqueEmail('ada+news') })],
      ['newsletter with an empty honeypot', 'newsletter', newsletterPayload({ website: '' })],
    ];

    it.each(passing)('accepts %s', async (_name, type, body) => {
      const before = await rowCount(t.deps, FORMS[type].table);
      const res = await register(type, body);
      expect(res.statusCode).toBe(201);
      // The newsletter never answers data; the row count shows it was stored.
      if (type !== 'newsletter') expect(res.json().data).not.toBeNull();
      expect(await rowCount(t.deps, FORMS[type].table)).toBe(before + 1);
    });

    it('deduplicates repeated choices and stores optional fields as empty text', async () => {
      const data = await registered(
        'volunteer',
        omit(volunteerPayload({ interests: ['Fundraising', 'Fundraising'] }), 'occupation'),
      );
      expect(data).toMatchObject({ interests: ['Fundraising'], occupation: '' });
    });
  });
});

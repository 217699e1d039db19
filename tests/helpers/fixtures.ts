/**
 * Valid sample payloads for every public form and for a campaign, plus small helpers the server
 * tests share. Emails and titles are unique per call so tests sharing one database never collide.
 */
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { createTokenSigner } from '../../server/auth/tokens';
import type { Deps } from '../../server/deps';
import type { CampaignInput } from '../../shared/schemas/campaign';
import { validationMessage } from '../../shared/schemas/fields';
import type {
  AdvocateInput,
  ContactInput,
  NewsletterInput,
  PartnerInput,
  VolunteerInput,
} from '../../shared/schemas/submissions';

let counter = 0;
/** A short token unique within the test process. */
export const unique = (prefix = 'u') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;
export const uniqueEmail = (prefix = 'person') => `${unique(prefix)}@example.org`;

/** A one-time password as the server makes them: 17 characters without look-alikes (l, I, 1, O, 0, o). */
export const ONE_TIME_PASSWORD = /^[A-HJ-NP-Za-kmnp-z2-9]{17}$/;

export const volunteerPayload = (overrides: Partial<VolunteerInput> = {}) =>
  ({
    firstName: 'Amina',
    lastName: 'Bello',
    email: uniqueEmail('volunteer'),
    phone: '+234 803 123 4567',
    occupation: 'Teacher',
    interests: ['Educational Programs', 'Health Outreach'],
    availability: 'Weekends',
    experience: 'Two years of tutoring',
    motivation: 'I want to help children in Kano learn to read.',
    ...overrides,
  }) satisfies VolunteerInput;

export const partnerPayload = (overrides: Partial<PartnerInput> = {}) =>
  ({
    organizationName: 'Sahel Water Ltd',
    contactFirstName: 'Musa',
    contactLastName: 'Ibrahim',
    email: uniqueEmail('partner'),
    phone: '08031234567',
    organizationType: 'Business',
    partnershipType: ['Financial Support'],
    projectInterests: ['Water & Sanitation', 'Healthcare'],
    resourceContribution: 'Drilling equipment for two boreholes',
    message: 'We would like to fund wells in Jigawa.',
    ...overrides,
  }) satisfies PartnerInput;

export const advocatePayload = (overrides: Partial<AdvocateInput> = {}) =>
  ({
    firstName: 'Zainab',
    lastName: 'Usman',
    email: uniqueEmail('advocate'),
    phone: '+2348031234567',
    city: 'Kaduna',
    state: 'Kaduna',
    socialMediaHandles: '@zainab',
    advocacyInterests: ['Social Media Advocacy'],
    experience: 'Ran a campus campaign',
    message: 'Happy to spread the word.',
    ...overrides,
  }) satisfies AdvocateInput;

export const contactPayload = (overrides: Partial<ContactInput> = {}) =>
  ({
    name: 'Ibrahim Sani',
    email: uniqueEmail('contact'),
    phone: '0803 123 4567',
    subject: 'Volunteering in Bauchi',
    message: 'Where can I help next month?',
    ...overrides,
  }) satisfies ContactInput;

export const newsletterPayload = (overrides: Partial<NewsletterInput> = {}) =>
  ({ email: uniqueEmail('reader'), ...overrides }) satisfies NewsletterInput;

export const campaignPayload = (overrides: Partial<CampaignInput> = {}) =>
  ({
    title: unique('Clean water for Dutse '),
    description: 'Boreholes for three villages.',
    shortDescription: 'Three boreholes',
    overview: {
      mainText: 'Water is far away.',
      challengeText: '1. Distance\n2. Cost',
      solutionText: 'Drill boreholes.',
      impactText: '3,000 people served.',
    },
    updates: [],
    image: 'uploads/well.webp',
    galleryImages: [],
    target: 2_500_000,
    amountRaised: 1000,
    supporters: 0,
    status: 'active',
    location: 'Jigawa',
    category: 'Water',
    endDate: '2026-12-31',
    impact: '3,000 people',
    ...overrides,
  }) satisfies CampaignInput;

/** The five public forms: REST path segment, tRPC router key, sample payload and target table. */
export const FORMS = {
  volunteer: { payload: volunteerPayload, table: 'volunteer_submissions' },
  partner: { payload: partnerPayload, table: 'partner_submissions' },
  advocate: { payload: advocatePayload, table: 'advocate_submissions' },
  contact: { payload: contactPayload, table: 'contact_messages' },
  newsletter: { payload: newsletterPayload, table: 'newsletter_subscriptions' },
} as const;
export type FormType = keyof typeof FORMS;
export const FORM_TYPES = Object.keys(FORMS) as FormType[];

/** Number of rows of a table. */
export async function rowCount(
  deps: Deps,
  table:
    | (typeof FORMS)[FormType]['table']
    | 'campaigns'
    | 'campaign_updates'
    | 'admin_users'
    | 'pledges'
    | 'bank_statements'
    | 'statement_lines',
) {
  const row = await deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A well-formed token for the real admin and a real session, signed with a secret the server does not know. */
export async function foreignToken(deps: Deps): Promise<string> {
  const admin = await deps.db.selectFrom('admin_users').select(['id', 'email']).executeTakeFirstOrThrow();
  const session = await deps.db.selectFrom('admin_sessions').select('id').executeTakeFirstOrThrow();
  return createTokenSigner('another-secret-that-is-also-long-enough-for-hs256', 12).sign(admin, {
    id: session.id,
    version: 0,
  });
}

export interface CaughtTrpcError {
  code: TRPCError['code'];
  /** The message a tRPC client sees: the formatter's summary for input errors. */
  message: string;
  paths: string[];
}

/** Runs a tRPC caller call that must fail; answers its code and client-visible message. */
export async function trpcError(call: Promise<unknown>): Promise<CaughtTrpcError> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const cause = error.cause as (Error & { issues?: z.core.$ZodIssue[]; errors?: { path: string }[] }) | undefined;
    if (cause?.issues) {
      return {
        code: error.code,
        message: validationMessage(cause.issues),
        paths: cause.issues.map((i) => i.path.map(String).join('.')),
      };
    }
    return { code: error.code, message: error.message, paths: (cause?.errors ?? []).map((e) => e.path) };
  }
  throw new Error('expected the tRPC call to fail');
}

/** Calls a tRPC procedure over HTTP (superjson envelope), as the browser client does. */
export async function trpcHttp(
  app: FastifyInstance,
  kind: 'query' | 'mutation',
  path: string,
  input: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const envelope = JSON.stringify({ json: input });
  return kind === 'query'
    ? app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(envelope)}`, headers })
    : app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        payload: envelope,
        headers: { 'content-type': 'application/json', ...headers },
      });
}

/** The error part of a tRPC HTTP answer. */
export const trpcHttpError = (res: LightMyRequestResponse) =>
  res.json<{
    error: {
      json: {
        message: string;
        data: { code: string; httpStatus: number; fieldErrors?: { path: string; message: string }[] };
      };
    };
  }>().error.json;

/**
 * A REST refusal's body without its `requestId`, which must name the answer's own request (its
 * X-Request-Id): what is left compares across requests.
 */
export function refusalOf(res: LightMyRequestResponse): Record<string, unknown> {
  const { requestId, ...body } = res.json<Record<string, unknown>>();
  if (requestId === undefined || requestId !== res.headers['x-request-id']) {
    throw new Error(`requestId ${String(requestId)} is not the X-Request-Id ${String(res.headers['x-request-id'])}`);
  }
  return body;
}

/** Paths of the field errors of a REST 400 answer. */
export const errorPaths = (res: LightMyRequestResponse) =>
  res.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);

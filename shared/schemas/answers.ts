/**
 * What the server answers on its REST paths, as zod schemas. They type the
 * routes and generate the OpenAPI document; the contract test checks real answers against them.
 * The client imports only the types from here, so none of this reaches the public bundle.
 */
import { z } from 'zod';
import {
  ADVOCACY_INTERESTS,
  AVAILABILITY_OPTIONS,
  CAMPAIGN_CATEGORIES,
  CAMPAIGN_LOCATIONS,
  CAMPAIGN_STATUS,
  NEWSLETTER_STATUSES,
  ORGANIZATION_TYPES,
  PARTNERSHIP_TYPES,
  PROJECT_INTERESTS,
  REVIEW_STATUSES,
  VOLUNTEER_INTERESTS,
} from '../constants';
import { ROLES } from '../roles';
import { pageNext } from './pages';

const id = z.string().describe('A UUIDv7, made by the server');
const instant = z.string().describe('An ISO 8601 instant in UTC');
const day = z.string().describe('A calendar date, YYYY-MM-DD');

/** Every refusal: 4xx and 5xx answers all have a message and the request's id. */
export const errorAnswer = z
  .object({
    message: z.string(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Validation failures only: one entry per refused field, its dotted path and message'),
    requestId: z
      .string()
      .describe("The request's id, also in the X-Request-Id header: quote it when reporting the answer"),
  })
  .meta({ id: 'Error' });

export const campaignRecord = z
  .object({
    _id: id,
    title: z.string(),
    description: z.string(),
    shortDescription: z.string(),
    overview: z.object({
      mainText: z.string(),
      challengeText: z.string(),
      solutionText: z.string(),
      impactText: z.string(),
      mainTextHa: z.string(),
      challengeTextHa: z.string(),
      solutionTextHa: z.string(),
      impactTextHa: z.string(),
    }),
    updates: z
      .array(z.object({ _id: id, date: day, content: z.string(), contentHa: z.string() }))
      .describe('Newest first'),
    image: z.string().describe('Ready to show: an absolute address or a path under /api/uploads/'),
    galleryImages: z.array(z.string()),
    target: z.number().int().describe('Naira'),
    amountRaised: z.number().int().describe('Naira'),
    supporters: z.number().int(),
    status: z.literal(CAMPAIGN_STATUS),
    location: z.enum(CAMPAIGN_LOCATIONS),
    category: z.enum(CAMPAIGN_CATEGORIES).nullable(),
    endDate: day.nullable(),
    impact: z.string(),
    accountName: z.string().describe("The campaign's own account, or the foundation's when it has none"),
    accountNumber: z.string(),
    bankName: z.string(),
    createdAt: instant,
    updatedAt: instant,
    titleHa: z.string().describe('The title in Hausa; empty when not yet translated'),
    shortDescriptionHa: z.string(),
    descriptionHa: z.string(),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.output<typeof campaignRecord>;

export const campaignSaved = z.object({ message: z.string(), campaign: campaignRecord });
export const campaignDeleted = z.object({ message: z.string(), _id: id });

const reviewed = { _id: id, status: z.enum(REVIEW_STATUSES), registrationDate: instant };

export const volunteerRecord = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    occupation: z.string(),
    interests: z.array(z.enum(VOLUNTEER_INTERESTS)),
    availability: z.enum(AVAILABILITY_OPTIONS),
    experience: z.string(),
    motivation: z.string(),
    ...reviewed,
  })
  .meta({ id: 'VolunteerSubmission' });

export const partnerRecord = z
  .object({
    organizationName: z.string(),
    contactFirstName: z.string(),
    contactLastName: z.string(),
    email: z.string(),
    phone: z.string(),
    organizationType: z.enum(ORGANIZATION_TYPES),
    partnershipType: z.array(z.enum(PARTNERSHIP_TYPES)),
    projectInterests: z.array(z.enum(PROJECT_INTERESTS)),
    resourceContribution: z.string(),
    message: z.string(),
    ...reviewed,
  })
  .meta({ id: 'PartnerSubmission' });

export const advocateRecord = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    city: z.string(),
    state: z.string(),
    socialMediaHandles: z.string(),
    advocacyInterests: z.array(z.enum(ADVOCACY_INTERESTS)),
    experience: z.string(),
    message: z.string(),
    ...reviewed,
  })
  .meta({ id: 'AdvocateSubmission' });

export const contactRecord = z
  .object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    subject: z.string(),
    message: z.string(),
    _id: id,
    createdAt: instant,
  })
  .meta({ id: 'ContactMessage' });

export const newsletterRecord = z
  .object({
    _id: id,
    email: z.string(),
    status: z.enum(NEWSLETTER_STATUSES),
    subscriptionDate: instant,
    confirmed: z.boolean().describe('False while the address has not confirmed by the link mailed to it'),
  })
  .meta({ id: 'NewsletterSubscription' });

/** A public form's answer; `data` is null when nothing was stored (the honeypot was filled in). */
export const registeredAnswer = <T extends z.ZodType>(record: T) =>
  z.object({ message: z.string(), data: record.nullable() });

export const submissionLists = z.object({
  volunteer: z.array(volunteerRecord),
  partner: z.array(partnerRecord),
  advocate: z.array(advocateRecord),
  newsletter: z.array(newsletterRecord),
  contact: z.array(contactRecord),
});

const perKind = <T extends z.ZodType>(value: T) =>
  z.object({ volunteer: value, partner: value, advocate: value, newsletter: value, contact: value });

/** The five lists (the documented shape), plus where each goes on and how many there are. */
export const submissionListAnswer = submissionLists.extend({
  next: perKind(z.string().nullable()).describe("Each list's cursor for `before` (with `type`), or null at its end"),
  counts: perKind(z.number().int()).describe('All submissions of each kind, not only those in this answer'),
});

const note = z.object({ id, author: z.string(), body: z.string(), createdAt: instant });
export const notesAnswer = z.object({ notes: z.array(note) });
export const noteAdded = z.object({ message: z.string(), note });

export const submissionDeleted = z.object({ message: z.string(), _id: id });

export const statusUpdated = z.object({
  message: z.string(),
  _id: id,
  status: z.enum([...REVIEW_STATUSES, ...NEWSLETTER_STATUSES]),
});

export const loginAnswer = z.object({
  token: z.string().describe('A bearer token for the Authorization header'),
  message: z.string(),
  mustChangePassword: z
    .boolean()
    .describe('Signed in with a one-time password: until POST /api/auth/password, every other staff call is 403'),
});
/** An answer that only says what happened. */
export const messageAnswer = z.object({ message: z.string() });
const role = z.enum(ROLES);

export const verifyAnswer = z.object({
  message: z.string(),
  email: z.string(),
  id,
  name: z.string(),
  role,
  mustChangePassword: z.boolean(),
});

export const signInsAnswer = z.object({
  signIns: z.array(
    z.object({ at: instant, succeeded: z.boolean(), ip: z.string().nullable().describe('The client address') }),
  ),
});

export const staffAccount = z.object({
  id,
  email: z.string(),
  name: z.string(),
  role,
  status: z.enum(['active', 'disabled']),
  mustChangePassword: z.boolean().describe('Still on a one-time password'),
  lastSignInAt: instant.nullable(),
  createdAt: instant,
});
export const usersAnswer = z.object({ users: z.array(staffAccount) });
export const userSaved = z.object({ message: z.string(), user: staffAccount });
export const userWithPassword = userSaved.extend({
  password: z.string().describe('The one-time password: shown this once, to be changed at first sign-in'),
});
export const userCreated = userWithPassword.extend({
  invitationMailed: z
    .boolean()
    .describe(
      'True when an invitation to choose a password was queued to go out by mail (SMTP); false when the site has no mail server, so the one-time password must be handed over',
    ),
});

export const settingsAnswer = z.object({
  accountName: z.string(),
  accountNumber: z.string(),
  bankName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  contactAddress: z.string(),
  pledgeExpiryDays: z.number().int(),
  welcomeMail: z.boolean(),
  feePercent: z.number().describe("The payment provider's fee: percent of the amount"),
  feeFlat: z.number().int().describe('Its flat part, in naira'),
  feeWaivedBelow: z.number().int().describe('Below this many naira the flat part is waived'),
  feeCap: z.number().int().describe('The most the fee can be, in naira'),
  confirmWorkingDays: z.number().int().describe('Working days confirming a transfer usually takes'),
  cacRcNumber: z.string().describe("The foundation's CAC registration number, '' when not given"),
  onlinePayment: z
    .object({ enabled: z.boolean(), mode: z.enum(['test', 'live']).nullable() })
    .describe('Whether donors can pay online (PAYSTACK_SECRET_KEY), and with a test or a live key'),
});
export const settingsSaved = z.object({ message: z.string(), settings: settingsAnswer });

export const activityAnswer = z.object({
  items: z.array(
    z.object({
      id,
      at: instant,
      actorId: z.string().nullable(),
      actor: z.string().describe("The person's name, 'visitor' or 'system'"),
      action: z.string().describe('What happened, such as submission.status or user.created'),
      target: z.string().nullable(),
      summary: z.string(),
      ip: z.string().nullable(),
      requestId: z
        .string()
        .nullable()
        .describe("The request that made it (its X-Request-Id), to find its log lines; null for the server's own"),
      description: z.string().describe('The event in plain words'),
      link: z
        .object({ label: z.string(), path: z.string().describe('A path of the staff area') })
        .nullable()
        .describe('The entry the event changed, by its name, and the staff page that shows it; null when gone'),
    }),
  ),
  next: pageNext,
});

export const dashboardStatsAnswer = z.object({
  totalRaised: z.number().describe('Naira, all campaigns'),
  activeCampaigns: z.number().int(),
  locations: z.number().int().describe('Distinct states with a campaign'),
  monthlyGrowth: z.number().describe('Percent, one decimal; 100 when the previous month raised nothing'),
  currentMonthRaised: z.number(),
  previousMonthRaised: z.number(),
  currentMonth: z.string().describe('The month growth measures, YYYY-MM in Lagos'),
  previousMonth: z.string().describe('The month it is compared with, YYYY-MM in Lagos'),
});

export const uploadAnswer = z.object({ path: z.string().describe('Where the image is served, under /api/uploads/') });
export const uploadsAnswer = z.object({ files: z.array(uploadAnswer) });

export const healthAnswer = z.object({ status: z.string() });

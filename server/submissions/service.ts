/** Public sign-ups and their review: the logic and SQL behind submission.* and /api/submissions. */
import { sql } from 'kysely';
import type { z } from 'zod';
import { STATUS_TYPES, type StatusType } from '../../shared/constants';
import { t } from '../../shared/messages';
import {
  type Advocate,
  type advocateInput,
  type ContactMessage,
  type contactInput,
  type NewsletterSubscription,
  type newsletterInput,
  type Partner,
  type partnerInput,
  type SubmissionLists,
  statusesFor,
  type Volunteer,
  type volunteerInput,
} from '../../shared/schemas/submissions';
import { isId, newId } from '../db/ids';
import type { Row } from '../db/schema';
import type { Deps } from '../deps';
import { NotFoundError, ValidationError } from '../errors';

type Out<T extends z.ZodType> = z.output<T>;
const iso = (d: Date) => d.toISOString();

/** A filled honeypot means a bot: it gets the same answer and nothing is stored. */
const isBot = (input: { website?: string | undefined }) => (input.website ?? '').trim() !== '';

export interface Registered<T> {
  message: string;
  data: T | null;
}

export async function registerVolunteer(deps: Deps, input: Out<typeof volunteerInput>): Promise<Registered<Volunteer>> {
  const message = t('form.applicationSuccess');
  if (isBot(input)) return { message, data: null };
  const row = await deps.db
    .insertInto('volunteer_submissions')
    .values({
      id: newId(),
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      occupation: input.occupation,
      interests: JSON.stringify(input.interests),
      availability: input.availability,
      experience: input.experience,
      motivation: input.motivation,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { message, data: toVolunteer(row) };
}

export async function registerPartner(deps: Deps, input: Out<typeof partnerInput>): Promise<Registered<Partner>> {
  const message = t('form.applicationSuccess');
  if (isBot(input)) return { message, data: null };
  const row = await deps.db
    .insertInto('partner_submissions')
    .values({
      id: newId(),
      organizationName: input.organizationName,
      contactFirstName: input.contactFirstName,
      contactLastName: input.contactLastName,
      email: input.email,
      phone: input.phone,
      organizationType: input.organizationType,
      partnershipType: JSON.stringify(input.partnershipType),
      projectInterests: JSON.stringify(input.projectInterests),
      resourceContribution: input.resourceContribution,
      message: input.message,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { message, data: toPartner(row) };
}

export async function registerAdvocate(deps: Deps, input: Out<typeof advocateInput>): Promise<Registered<Advocate>> {
  const message = t('form.applicationSuccess');
  if (isBot(input)) return { message, data: null };
  const row = await deps.db
    .insertInto('advocate_submissions')
    .values({
      id: newId(),
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      city: input.city,
      state: input.state,
      socialMediaHandles: input.socialMediaHandles,
      advocacyInterests: JSON.stringify(input.advocacyInterests),
      experience: input.experience,
      message: input.message,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { message, data: toAdvocate(row) };
}

export async function registerContact(
  deps: Deps,
  input: Out<typeof contactInput>,
): Promise<Registered<ContactMessage>> {
  const message = t('contact.success');
  if (isBot(input)) return { message, data: null };
  const row = await deps.db
    .insertInto('contact_messages')
    .values({
      id: newId(),
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { message, data: toContact(row) };
}

/** One subscription per email: subscribing again keeps it and makes it active again. */
export async function subscribeNewsletter(
  deps: Deps,
  input: Out<typeof newsletterInput>,
): Promise<Registered<NewsletterSubscription>> {
  const message = t('newsletter.success');
  if (isBot(input)) return { message, data: null };
  const row = await deps.db
    .insertInto('newsletter_subscriptions')
    .values({ id: newId(), email: input.email })
    .onConflict((oc) => oc.column('email').doUpdateSet({ status: 'active', updatedAt: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return { message, data: toNewsletter(row) };
}

export async function listSubmissions(deps: Deps): Promise<SubmissionLists> {
  const { db } = deps;
  const [volunteer, partner, advocate, newsletter, contact] = await Promise.all([
    db
      .selectFrom('volunteer_submissions')
      .selectAll()
      .orderBy('registrationDate', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('partner_submissions')
      .selectAll()
      .orderBy('registrationDate', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('advocate_submissions')
      .selectAll()
      .orderBy('registrationDate', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .orderBy('subscriptionDate', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db.selectFrom('contact_messages').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute(),
  ]);
  return {
    volunteer: volunteer.map(toVolunteer),
    partner: partner.map(toPartner),
    advocate: advocate.map(toAdvocate),
    newsletter: newsletter.map(toNewsletter),
    contact: contact.map(toContact),
  };
}

const TABLES = {
  volunteer: 'volunteer_submissions',
  partner: 'partner_submissions',
  advocate: 'advocate_submissions',
  newsletter: 'newsletter_subscriptions',
} as const;

const isStatusType = (type: string): type is StatusType => (STATUS_TYPES as readonly string[]).includes(type);

/** Sets the status of one submission; the status must be one its type allows. */
export async function updateStatus(
  deps: Deps,
  type: string,
  id: string,
  status: string,
): Promise<{ message: string; _id: string; status: string }> {
  if (!isStatusType(type))
    throw new ValidationError(t('submission.invalidType'), [{ path: 'type', message: t('submission.invalidType') }]);
  if (!(statusesFor(type) as readonly string[]).includes(status)) {
    throw new ValidationError(t('submission.invalidStatus'), [
      { path: 'status', message: t('submission.invalidStatus') },
    ]);
  }
  const result = isId(id)
    ? await deps.db
        .updateTable(TABLES[type])
        .set({ status: status as never, updatedAt: deps.now() })
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!result || result.numUpdatedRows === 0n) throw new NotFoundError(t('submission.notFound'));
  return { message: t('submissions.statusUpdated'), _id: id, status };
}

// Row → wire shape, one function per entity.

function toVolunteer(r: Row<'volunteer_submissions'>): Volunteer {
  return {
    _id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    occupation: r.occupation,
    interests: r.interests as Volunteer['interests'],
    availability: r.availability as Volunteer['availability'],
    experience: r.experience,
    motivation: r.motivation,
    status: r.status,
    registrationDate: iso(r.registrationDate),
  };
}

function toPartner(r: Row<'partner_submissions'>): Partner {
  return {
    _id: r.id,
    organizationName: r.organizationName,
    contactFirstName: r.contactFirstName,
    contactLastName: r.contactLastName,
    email: r.email,
    phone: r.phone,
    organizationType: r.organizationType as Partner['organizationType'],
    partnershipType: r.partnershipType as Partner['partnershipType'],
    projectInterests: r.projectInterests as Partner['projectInterests'],
    resourceContribution: r.resourceContribution,
    message: r.message,
    status: r.status,
    registrationDate: iso(r.registrationDate),
  };
}

function toAdvocate(r: Row<'advocate_submissions'>): Advocate {
  return {
    _id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    city: r.city,
    state: r.state,
    socialMediaHandles: r.socialMediaHandles,
    advocacyInterests: r.advocacyInterests as Advocate['advocacyInterests'],
    experience: r.experience,
    message: r.message,
    status: r.status,
    registrationDate: iso(r.registrationDate),
  };
}

function toNewsletter(r: Row<'newsletter_subscriptions'>): NewsletterSubscription {
  return { _id: r.id, email: r.email, status: r.status, subscriptionDate: iso(r.subscriptionDate) };
}

function toContact(r: Row<'contact_messages'>): ContactMessage {
  return {
    _id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    message: r.message,
    createdAt: iso(r.createdAt),
  };
}

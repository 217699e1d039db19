/**
 * The five public forms, one entry each: where a submission is stored, what the form sends, what
 * the sender is told, how a row is answered, how the admin list is ordered and which statuses an
 * admin may set. server/submissions/service.ts runs every kind through the same code.
 */
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { SubmissionType } from '../../shared/constants';
import type { MessageKey } from '../../shared/messages';
import {
  type Advocate,
  advocateInput,
  type ContactMessage,
  contactInput,
  type NewsletterSubscription,
  newsletterInput,
  type Partner,
  partnerInput,
  statusesFor,
  type Volunteer,
  volunteerInput,
} from '../../shared/schemas/submissions';
import type { Database, Row } from '../db/schema';

type Table = keyof Database;

export interface Kind<T extends Table, I extends z.ZodType, W> {
  /** The table its submissions are stored in. */
  table: T;
  /** What the form sends; routes validate with it before the service sees the input. */
  input: I;
  /** What the sender is told, also when the honeypot says bot and nothing is stored. */
  success: MessageKey;
  /** The validated input as columns (without the id): honeypot dropped, lists as JSON. */
  columns(input: z.output<I>): Omit<Insertable<Database[T]>, 'id'>;
  /** A stored row as the API answers it. */
  toWire(row: Row<T>): W;
  /** The admin list shows newest first by this column, then by id. */
  listOrder: keyof Row<T> & string;
  /** The columns a staff search looks in: the sender's names and email. */
  searchColumns: readonly (keyof Row<T> & string)[];
  /** The statuses an admin may set, or null when this kind has no status to review. */
  statuses: readonly string[] | null;
  /**
   * What staff change of a row, as it was when stored: a form sent again is answered with these in
   * place of the present values, exactly as the first time (a review is not the sender's to learn).
   */
  asReceived?: Partial<Row<T>>;
  /**
   * A private kind answers `data: null` and stores a repeat of a value already in its unique
   * column as nothing at all: the answer is the same whether the value was known, so the form
   * cannot be used to learn who is on the list, and a repeat never changes what is stored.
   */
  unique?: keyof Row<T> & string;
  /** What is kept, and for how long when SUBMISSION_RETENTION_DAYS is set (see server/housekeeping.ts). */
  retention: { column: keyof Row<T> & string; onlyStatus?: string } | null;
}

const iso = (d: Date) => d.toISOString();

/** Reviewed submissions answer their own fields first, then status and registration date. */
function reviewedWire<
  R extends {
    id: string;
    status: string;
    registrationDate: Date;
    updatedAt: Date;
    language: string;
    clientId: string | null;
  },
>(row: R) {
  // The language is for the mails (server/submissions/after-store.ts), the client's id for
  // repeats (server/submissions/service.ts): neither is part of the answer.
  const {
    id,
    status,
    registrationDate,
    updatedAt: _updatedAt,
    language: _language,
    clientId: _clientId,
    ...fields
  } = row;
  return { _id: id, ...fields, status: status as R['status'], registrationDate: iso(registrationDate) };
}

/** An application as stored, before any review (the status column's default). */
const AS_RECEIVED = { status: 'pending' } as const;

/** A rejected application is purged once it has been rejected that long (its last change). */
const REJECTED_APPLICATIONS = { column: 'updatedAt', onlyStatus: 'rejected' } as const;

const kind = <T extends Table, I extends z.ZodType, W>(definition: Kind<T, I, W>) => definition;

/** In the order the admin list answers them. */
export const KINDS = {
  volunteer: kind({
    table: 'volunteer_submissions',
    input: volunteerInput,
    success: 'form.applicationSuccess',
    columns: ({ website: _website, ...fields }) => ({ ...fields, interests: JSON.stringify(fields.interests) }),
    toWire: (row): Volunteer => reviewedWire(row),
    listOrder: 'registrationDate',
    searchColumns: ['firstName', 'lastName', 'email'],
    statuses: statusesFor('volunteer'),
    asReceived: AS_RECEIVED,
    retention: REJECTED_APPLICATIONS,
  }),
  partner: kind({
    table: 'partner_submissions',
    input: partnerInput,
    success: 'form.applicationSuccess',
    columns: ({ website: _website, ...fields }) => ({
      ...fields,
      partnershipType: JSON.stringify(fields.partnershipType),
      projectInterests: JSON.stringify(fields.projectInterests),
    }),
    toWire: (row): Partner => reviewedWire(row),
    listOrder: 'registrationDate',
    searchColumns: ['organizationName', 'contactFirstName', 'contactLastName', 'email'],
    statuses: statusesFor('partner'),
    asReceived: AS_RECEIVED,
    retention: REJECTED_APPLICATIONS,
  }),
  advocate: kind({
    table: 'advocate_submissions',
    input: advocateInput,
    success: 'form.applicationSuccess',
    columns: ({ website: _website, ...fields }) => ({
      ...fields,
      advocacyInterests: JSON.stringify(fields.advocacyInterests),
    }),
    toWire: (row): Advocate => reviewedWire(row),
    listOrder: 'registrationDate',
    searchColumns: ['firstName', 'lastName', 'email'],
    statuses: statusesFor('advocate'),
    asReceived: AS_RECEIVED,
    retention: REJECTED_APPLICATIONS,
  }),
  newsletter: kind({
    table: 'newsletter_subscriptions',
    input: newsletterInput,
    success: 'newsletter.success',
    columns: ({ website: _website, ...fields }) => fields,
    toWire: ({
      id,
      updatedAt: _updatedAt,
      subscriptionDate,
      language: _language,
      confirmedAt,
      confirmSentAt: _confirmSentAt,
      clientId: _clientId,
      ...fields
    }): NewsletterSubscription => ({
      _id: id,
      ...fields,
      subscriptionDate: iso(subscriptionDate),
      confirmed: confirmedAt !== null,
    }),
    listOrder: 'subscriptionDate',
    searchColumns: ['email'],
    statuses: statusesFor('newsletter'),
    // One subscription per email. Subscribing again stores nothing (it may mail a new confirmation,
    // server/newsletter/confirmation.ts): an address that unsubscribed comes back only through that
    // confirmation, or when staff set it active again (docs/privacy-operations.md).
    unique: 'email',
    // Kept while subscribed; an unsubscribed address stays on file so it is never mailed again.
    retention: null,
  }),
  contact: kind({
    table: 'contact_messages',
    input: contactInput,
    success: 'contact.success',
    columns: ({ website: _website, ...fields }) => fields,
    toWire: ({ id, createdAt, language: _language, clientId: _clientId, ...fields }): ContactMessage => ({
      _id: id,
      ...fields,
      createdAt: iso(createdAt),
    }),
    listOrder: 'createdAt',
    searchColumns: ['name', 'email'],
    statuses: null,
    retention: { column: 'createdAt' },
  }),
} satisfies Record<SubmissionType, { table: Table }>;

export type KindName = keyof typeof KINDS;
export type InputOf<K extends KindName> = z.output<(typeof KINDS)[K]['input']>;
export type WireOf<K extends KindName> = ReturnType<(typeof KINDS)[K]['toWire']>;

/** The kind of that name; names are checked, so `__proto__` and friends are no kind. */
export const kindNamed = (name: string): (typeof KINDS)[KindName] | undefined =>
  Object.hasOwn(KINDS, name) ? KINDS[name as KindName] : undefined;

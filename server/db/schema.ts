/**
 * Table types of the database, one place. Columns are snake_case in the database and camelCase
 * here: the CamelCasePlugin (server/db/database.ts) converts identifiers on the way in and row keys
 * on the way out. Table names keep their SQL spelling, which the plugin leaves as it is.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  ADVOCACY_INTERESTS,
  AVAILABILITY_OPTIONS,
  CampaignCategory,
  CampaignLocation,
  ORGANIZATION_TYPES,
  PARTNERSHIP_TYPES,
  PROJECT_INTERESTS,
  VOLUNTEER_INTERESTS,
} from '../../shared/constants';
import type { ImageFormat } from '../../shared/image-path';
import type { Role } from '../../shared/roles';
import type { AlertChoice } from '../../shared/schemas/alerts';

/** A timestamp the database fills in on insert unless given. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
/** A value of a choice list: what validation lets in (the database stores plain text). */
type OneOf<T extends readonly string[]> = T[number];

export interface CampaignsTable {
  id: string;
  title: string;
  description: string;
  shortDescription: Generated<string>;
  overviewMain: Generated<string>;
  overviewChallenge: Generated<string>;
  overviewSolution: Generated<string>;
  overviewImpact: Generated<string>;
  image: Generated<string>;
  galleryImages: ColumnType<string[], string | undefined, string>;
  target: number;
  amountRaised: Generated<number>;
  supporters: Generated<number>;
  status: Generated<'active'>;
  location: CampaignLocation;
  category: CampaignCategory | null;
  endDate: ColumnType<string | null, string | null | undefined, string | null>;
  impact: Generated<string>;
  accountName: Generated<string>;
  accountNumber: Generated<string>;
  bankName: Generated<string>;
  /** What the campaign had before gifts were recorded here (server/giving/totals.ts). */
  openingAmount: Generated<number>;
  openingSupporters: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The Hausa texts: empty where there is none yet. */
  titleHa: Generated<string>;
  shortDescriptionHa: Generated<string>;
  descriptionHa: Generated<string>;
  overviewMainHa: Generated<string>;
  overviewChallengeHa: Generated<string>;
  overviewSolutionHa: Generated<string>;
  overviewImpactHa: Generated<string>;
}

export interface CampaignUpdatesTable {
  id: string;
  campaignId: string;
  position: number;
  date: string;
  content: string;
  contentHa: Generated<string>;
}

interface Reviewed {
  id: string;
  /** The id the sender's browser gave the submission: a repeat with it stores nothing new. */
  clientId: string | null;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  registrationDate: Timestamp;
  updatedAt: Timestamp;
}

export interface VolunteerSubmissionsTable extends Reviewed {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  occupation: string;
  interests: Json<OneOf<typeof VOLUNTEER_INTERESTS>[]>;
  availability: OneOf<typeof AVAILABILITY_OPTIONS>;
  experience: string;
  motivation: string;
  /** The language of the page it came from: mails to this person are in it. */
  language: Generated<'en' | 'ha'>;
}

export interface PartnerSubmissionsTable extends Reviewed {
  organizationName: string;
  contactFirstName: string;
  contactLastName: string;
  email: string;
  phone: string;
  organizationType: OneOf<typeof ORGANIZATION_TYPES>;
  partnershipType: Json<OneOf<typeof PARTNERSHIP_TYPES>[]>;
  projectInterests: Json<OneOf<typeof PROJECT_INTERESTS>[]>;
  resourceContribution: string;
  message: string;
  /** The language of the page it came from: mails to this person are in it. */
  language: Generated<'en' | 'ha'>;
}

export interface AdvocateSubmissionsTable extends Reviewed {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  socialMediaHandles: string;
  advocacyInterests: Json<OneOf<typeof ADVOCACY_INTERESTS>[]>;
  experience: string;
  message: string;
  /** The language of the page it came from: mails to this person are in it. */
  language: Generated<'en' | 'ha'>;
}

export interface NewsletterSubscriptionsTable {
  id: string;
  /** The id the sender's browser gave the submission: a repeat with it stores nothing new. */
  clientId: string | null;
  email: string;
  status: Generated<'active' | 'unsubscribed'>;
  subscriptionDate: Timestamp;
  updatedAt: Timestamp;
  /** The language of the page it came from: mails to this person are in it. */
  language: Generated<'en' | 'ha'>;
  /** Set when the address confirmed (double opt-in): only confirmed, active rows are subscribers. */
  confirmedAt: NullableTimestamp;
  /** When the last confirmation mail was queued: at most one a day per address. */
  confirmSentAt: NullableTimestamp;
}

export interface ContactMessagesTable {
  id: string;
  /** The id the sender's browser gave the submission: a repeat with it stores nothing new. */
  clientId: string | null;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  createdAt: Timestamp;
  /** The language of the page it came from: mails to this person are in it. */
  language: Generated<'en' | 'ha'>;
}

export interface AdminUsersTable {
  id: string;
  email: string;
  passwordHash: string;
  /** Bumped by a password change: tokens of an older version are refused. */
  tokenVersion: Generated<number>;
  name: Generated<string>;
  role: Generated<Role>;
  /** Set while the account is disabled: it cannot sign in and its tokens are refused. */
  disabledAt: NullableTimestamp;
  /** Set by a one-time password: nothing but changing it is allowed until it is changed. */
  mustChangePassword: Generated<boolean>;
  lastSignInAt: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Alerts about new submissions, and about pledges and unmatched credits (server/mail/alerts). */
  alertSubmissions: Generated<AlertChoice>;
  alertGiving: Generated<AlertChoice>;
  /** How far the last daily digest reached: the next covers what came after. */
  digestThrough: NullableTimestamp;
}

/** The foundation's settings: one row, read through server/settings/service.ts. */
export interface SiteSettingsTable {
  id: Generated<boolean>;
  accountName: string;
  accountNumber: string;
  bankName: string;
  contactEmail: string;
  contactPhone: string;
  contactAddress: string;
  pledgeExpiryDays: number;
  updatedAt: Timestamp;
  /** Approving an application sends a welcome mail: off until an admin turns it on. */
  welcomeMail: Generated<boolean>;
  /** The payment provider's fee rule (shared/payment-fees.ts): percent in basis points, naira otherwise. */
  feePercentBps: Generated<number>;
  feeFlat: Generated<number>;
  feeWaivedBelow: Generated<number>;
  feeCap: Generated<number>;
  /** How many working days confirming a transfer usually takes (the pledge page says it). */
  confirmWorkingDays: Generated<number>;
  /** The foundation's CAC registration number, on receipts; '' until an admin gives it. */
  cacRcNumber: Generated<string>;
}

/** Staff notes on a submission; deleted with it. */
export interface SubmissionNotesTable {
  id: string;
  kind: string;
  submissionId: string;
  authorId: string | null;
  /** The author's name when written, kept if the account goes. */
  author: string;
  body: string;
  createdAt: Timestamp;
}

export interface AdminSessionsTable {
  id: string;
  adminId: string;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  revokedAt: NullableTimestamp;
}

export interface AuthThrottleTable {
  key: string;
  count: number;
  windowStart: Timestamp;
}

export interface AuditEventsTable {
  id: string;
  at: Timestamp;
  actorId: string | null;
  /** The admin's email, 'visitor' or 'system'. */
  actor: string;
  action: string;
  target: string | null;
  ip: string | null;
  summary: Generated<string>;
  /** The id of the request that made the event (X-Request-Id); null for the server's own. */
  requestId: string | null;
}

/** Instances that keep answers in memory, each with the version it has seen and its lease. */
export interface CacheListenersTable {
  instanceId: string;
  version: number;
  leaseUntil: Timestamp;
}

/** Submission counts per kind, spread over shards; a kind's count is the sum of its rows. */
export interface SubmissionCountsTable {
  kind: string;
  shard: number;
  n: number;
}

export interface UploadsTable {
  name: string;
  width: number;
  height: number;
  byteSize: number;
  createdAt: Timestamp;
}

export interface UploadVariantsTable {
  uploadName: string;
  /** 0 is the full image; other values are the stored width variants. */
  width: number;
  /** 'webp', or 'avif' for the copy kept beside a width's WebP where it is smaller. */
  format: Generated<ImageFormat>;
  contentType: string;
  etag: string;
  data: Uint8Array;
}

export interface DataVersionsTable {
  name: string;
  version: number;
}

type DateOnly = ColumnType<string, string, string>;

/** A donor's promise to transfer, with the payment reference the bank narration should carry. */
export interface PledgesTable {
  id: string;
  reference: string;
  campaignId: string | null;
  campaignTitle: string;
  amount: number;
  name: Generated<string>;
  anonymous: Generated<boolean>;
  hideAmount: Generated<boolean>;
  phone: string | null;
  email: string | null;
  /** Stored status; a pending pledge past expiresAt reads as 'expired'. */
  status: Generated<'pending' | 'confirmed' | 'cancelled'>;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  updatedAt: Timestamp;
  /** The language of the page it came from: mails to this person are in it. */
  language: Generated<'en' | 'ha'>;
  /** When the reminder before expiry was queued; one per pledge. */
  remindedAt: NullableTimestamp;
  /** When the page last asked the payment provider about its attempts (server/payments/service.ts). */
  paymentsCheckedAt: NullableTimestamp;
  /** Made past its mailbox's limit (server/mail/mailbox.ts): no instructions were mailed, and no reminder goes. */
  mailWithheld: Generated<boolean>;
}

export interface BankStatementsTable {
  id: string;
  filename: string;
  uploadedById: string | null;
  uploadedBy: string;
  rows: number;
  credits: number;
  duplicates: number;
  debits: number;
  problems: Json<{ row: number; message: string }[]>;
  createdAt: Timestamp;
}

/** A credit line of a bank statement, stored once by its fingerprint. */
export interface StatementLinesTable {
  id: string;
  statementId: string;
  fingerprint: string;
  row: number;
  date: DateOnly;
  narration: string;
  amountKobo: number;
  bankReference: string | null;
  balanceKobo: number | null;
  matchKind: 'sure' | 'likely' | null;
  pledgeId: string | null;
  /** 'settlement': a payment provider paying out online gifts, neither a donation nor unmatched. */
  status: Generated<'open' | 'confirmed' | 'not_donation' | 'settlement'>;
  updatedAt: Timestamp;
}

export interface StatementMappingsTable {
  headerKey: string;
  mapping: Json<Record<string, string>>;
  updatedAt: Timestamp;
}

/** Money received for a campaign: counts in its total until reversed. */
export interface GiftsTable {
  id: string;
  receiptNumber: string;
  campaignId: string | null;
  campaignTitle: string;
  pledgeId: string | null;
  statementLineId: string | null;
  amount: number;
  receivedOn: DateOnly;
  name: Generated<string>;
  anonymous: Generated<boolean>;
  hideAmount: Generated<boolean>;
  confirmedById: string | null;
  confirmedBy: string;
  createdAt: Timestamp;
  reversedAt: NullableTimestamp;
  reversedBy: string | null;
  /** Online gifts only (server/payments/): how it was paid, e.g. card, bank_transfer, ussd. */
  channel: string | null;
  provider: 'paystack' | null;
  /** The provider's transaction id: one gift per transaction. */
  providerTransactionId: string | null;
  /** The payment attempt's reference the provider knows the transaction by. */
  providerReference: string | null;
  grossKobo: number | null;
  feeKobo: number | null;
  netKobo: number | null;
  /** Why finance should look at it (an amount other than asked, a partial refund); null when nothing. */
  review: string | null;
  /** The bank credit by which the provider paid it out to the foundation. */
  settlementLineId: string | null;
  /** Given to the foundation's general fund, not to a campaign (no campaign, no campaign total). */
  generalFund: Generated<boolean>;
}

/** A pledge's receipt as a PDF in one language, as last made (server/giving/receipt-store.ts). */
export interface ReceiptPdfsTable {
  pledgeId: string;
  language: 'en' | 'ha';
  /** The hash of the content it was made from: a read with other content makes it again. */
  contentHash: string;
  pdf: Uint8Array;
  builtAt: Timestamp;
}

/** A pledge whose receipts are to be made, queued with the gift that changed them. */
export interface ReceiptBuildsTable {
  pledgeId: string;
  /** Grows with each change queued: a build that began before it leaves the row. */
  generation: Generated<number>;
  queuedAt: Timestamp;
  /** Claimed by a builder until then; null while waiting. */
  claimedUntil: NullableTimestamp;
}

/** One try to pay a pledge online: its own reference with the provider, and how it ended. */
export interface PaymentAttemptsTable {
  id: string;
  pledgeId: string;
  attempt: number;
  reference: string;
  provider: Generated<'paystack'>;
  email: string;
  amountKobo: number;
  /** What the donor added so that the foundation receives the whole pledge after the fee. */
  coverKobo: Generated<number>;
  status: Generated<'started' | 'paid' | 'failed' | 'abandoned' | 'review'>;
  authorizationUrl: string | null;
  note: string | null;
  checkedAt: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A change of a campaign's total made by hand (the campaign form), with its author. */
export interface AmountAdjustmentsTable {
  id: string;
  campaignId: string;
  amountDelta: number;
  supportersDelta: number;
  authorId: string | null;
  author: string;
  createdAt: Timestamp;
}

/** A message waiting for, or done with, delivery (server/mail/outbox.ts). */
export interface MailOutboxTable {
  id: string;
  kind: string;
  toAddress: string;
  language: 'en' | 'ha';
  subject: string;
  html: string;
  text: string;
  headers: Json<Record<string, string>>;
  messageId: string;
  dedupeKey: string | null;
  status: Generated<'queued' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  lastError: string | null;
  dueAt: Timestamp;
  leaseUntil: NullableTimestamp;
  createdAt: Timestamp;
  sentAt: NullableTimestamp;
  /** When staff last sent it again: retries give up a day after this (or after created_at). */
  retriedAt: NullableTimestamp;
  /** The bulk send it belongs to: its body is the batch's template, filled with `slots`. */
  batchId: string | null;
  slots: ColumnType<string[] | null, string | null | undefined, string | null>;
  /** What the worker attaches as it sends, by name ('gift-receipt:<receipt number>'): server/mail/attachments.ts. */
  attachment: ColumnType<string | null, string | null | undefined, string | null>;
  /** The maker of a message made as it leaves ('password-reset'): server/mail/composers.ts. */
  composer: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Per mailbox and kind of mail a stranger can cause, the times of the last day's: server/mail/mailbox.ts. */
export interface MailboxSendsTable {
  mailbox: string;
  kind: string;
  sentAt: Date[];
}

/** A bulk send (a newsletter edition's): held pauses its queued messages. */
export interface MailBatchesTable {
  id: string;
  kind: string;
  held: Generated<boolean>;
  createdAt: Timestamp;
}

/** A bulk send's body in one language, with slots its messages fill. */
export interface MailBatchTemplatesTable {
  batchId: string;
  language: 'en' | 'ha';
  html: string;
  text: string;
}

export type EditionStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent';

/** A newsletter edition: Markdown in English and Hausa (may be empty), and where its send is. */
export interface NewsletterEditionsTable {
  id: string;
  subject: string;
  subjectHa: Generated<string>;
  body: string;
  bodyHa: Generated<string>;
  campaignId: string | null;
  status: Generated<EditionStatus>;
  /** When a scheduled edition is due. */
  sendAt: NullableTimestamp;
  /** When sending began: the edition is public (the archive) from then. */
  startedAt: NullableTimestamp;
  /** The last subscription queued, in id order: where a resumed send goes on. */
  queuedThrough: string | null;
  /** When the last recipient was queued. */
  queuedAllAt: NullableTimestamp;
  /** When the last message was delivered or given up. */
  sentAt: NullableTimestamp;
  /** The outcome, kept when the last message is done: the outbox forgets sent mail after a while. */
  finalCounts: ColumnType<
    { recipients: number; sent: number; failed: number } | null,
    string | null | undefined,
    string | null
  >;
  /** The body rendered and sanitised, in English; null: not rendered yet (saved before renderings were kept). */
  html: string | null;
  /** In Hausa; null beside a rendered `html`: no Hausa half. */
  htmlHa: string | null;
  /** The archive's excerpt: the body's first words as plain text. */
  excerpt: string | null;
  excerptHa: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A link token that may be used once, once used; kept until it would have expired anyway. */
export interface SpentLinkTokensTable {
  id: string;
  expiresAt: Timestamp;
}

/** Keyed by the tables' SQL names (already snake_case, so the plugin leaves them unchanged). */
export interface Database {
  data_versions: DataVersionsTable;
  campaigns: CampaignsTable;
  campaign_updates: CampaignUpdatesTable;
  volunteer_submissions: VolunteerSubmissionsTable;
  partner_submissions: PartnerSubmissionsTable;
  advocate_submissions: AdvocateSubmissionsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  contact_messages: ContactMessagesTable;
  admin_users: AdminUsersTable;
  site_settings: SiteSettingsTable;
  submission_notes: SubmissionNotesTable;
  admin_sessions: AdminSessionsTable;
  auth_throttle: AuthThrottleTable;
  mailbox_sends: MailboxSendsTable;
  audit_events: AuditEventsTable;
  cache_listeners: CacheListenersTable;
  submission_counts: SubmissionCountsTable;
  uploads: UploadsTable;
  upload_variants: UploadVariantsTable;
  pledges: PledgesTable;
  bank_statements: BankStatementsTable;
  statement_lines: StatementLinesTable;
  statement_mappings: StatementMappingsTable;
  gifts: GiftsTable;
  receipt_pdfs: ReceiptPdfsTable;
  receipt_builds: ReceiptBuildsTable;
  payment_attempts: PaymentAttemptsTable;
  amount_adjustments: AmountAdjustmentsTable;
  mail_outbox: MailOutboxTable;
  spent_link_tokens: SpentLinkTokensTable;
  mail_batches: MailBatchesTable;
  mail_batch_templates: MailBatchTemplatesTable;
  newsletter_editions: NewsletterEditionsTable;
  text_overrides: TextOverridesTable;
}

/** A staff correction of an interface text, and its review mark (server/texts/). */
export interface TextOverridesTable {
  key: string;
  locale: 'en' | 'ha';
  /** The staff's text; null: the catalogue's. */
  text: string | null;
  /** The catalogue's English when the text was written. */
  englishThen: string | null;
  changedBy: string | null;
  changedAt: NullableTimestamp;
  /** The text the review mark was given for: the mark holds while the text still reads so. */
  reviewedText: string | null;
  reviewedBy: string | null;
  reviewedByName: string | null;
  reviewedAt: NullableTimestamp;
}

/** A selected row of a table. */
export type Row<T extends keyof Database> = Selectable<Database[T]>;

/**
 * The mail outbox as staff see it (server/mail/outbox-admin.ts): the list's query, a message's
 * id, and what the routes answer. One schema for the REST route and its tRPC twin.
 */
import { z } from 'zod';
import { t } from '../messages';
import { queryInt } from './fields';
import { pageCursor, pageNext } from './pages';

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_PAGE_SIZE = { default: 50, max: 100 } as const;

/** GET /api/outbox and outbox.list: newest first, a page at a time, one state or all. */
export const outboxListQuery = z.object({
  status: z.enum(OUTBOX_STATUSES, { error: () => t('validation.choice') }).optional(),
  limit: queryInt(1, OUTBOX_PAGE_SIZE.max, 'limit')
    .optional()
    .describe(`Messages per page, 1 to ${OUTBOX_PAGE_SIZE.max} (${OUTBOX_PAGE_SIZE.default} when not given)`),
  before: pageCursor.optional(),
});
export type OutboxListQuery = z.output<typeof outboxListQuery>;

/** A message named by its id (a malformed one is not found, as everywhere in the API). */
export const outboxId = z.object({ id: z.string().max(64) });

const instant = z.string().describe('An ISO 8601 instant in UTC');

export const outboxItem = z.object({
  id: z.string().describe('A UUIDv7, made by the server'),
  to: z.string().describe('The recipient'),
  kind: z.string().describe('What the message is, such as newsletter.confirm'),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int().describe('Attempts to send it so far'),
  lastError: z
    .string()
    .nullable()
    .describe("Why the last attempt failed; on a message kept as a file (no SMTP_URL), the file's path"),
  createdAt: instant.describe('When it was queued'),
  sentAt: instant.nullable(),
});
export type OutboxItem = z.output<typeof outboxItem>;

export const outboxPage = z.object({ items: z.array(outboxItem), next: pageNext });

export const outboxMessage = outboxItem.extend({
  language: z.enum(['en', 'ha']),
  dueAt: instant.describe('When it is, or was, due to be tried'),
  retriedAt: instant.nullable().describe('When staff last sent it again'),
  html: z.string().describe('The HTML part'),
  text: z.string().describe('The plain-text part'),
});
export type OutboxMessage = z.output<typeof outboxMessage>;

export const outboxRetried = z.object({ message: z.string(), data: outboxItem });

/** Hausa versions of en/outbox.ts. Awaiting review by a native speaker. */
import type { outboxMessages } from '../en/outbox';

export const outboxMessagesHa: Record<keyof typeof outboxMessages, string> = {};

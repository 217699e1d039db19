/** Hausa versions of en/newsletter.ts. Awaiting review by a native speaker. */
import type { newsletterMessages } from '../en/newsletter';

export const newsletterMessagesHa: Record<keyof typeof newsletterMessages, string> = {};

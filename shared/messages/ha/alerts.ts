/** Hausa versions of en/alerts.ts. Awaiting review by a native speaker. */
import type { alertMessages } from '../en/alerts';

export const alertMessagesHa: Record<keyof typeof alertMessages, string> = {};

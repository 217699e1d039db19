/** The newsletter's double opt-in and unsubscribe: the pages and their mails. */
export const newsletterMessages = {} as const;

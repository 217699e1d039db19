/** A forgotten password and a new staff member's invitation: the pages and their mails. */
export const passwordResetMessages = {} as const;

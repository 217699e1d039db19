/** The outbox screen of the dashboard, and its notice that email is not set up. */
export const outboxMessages = {} as const;

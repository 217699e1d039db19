/** Staff alerts: the choices on My account and the alert and digest mails. */
export const alertMessages = {} as const;

/** Texts of the admin area. */
export const adminMessages = {} as const;

/** Texts of the public site. */
export const publicMessages = {
  'validation.required': 'This field is required',
} as const;

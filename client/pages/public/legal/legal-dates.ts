/** The days the terms and the privacy policy last changed, for both languages (shown in each one's format). */
export const TERMS_UPDATED = '2026-11-01';
export const PRIVACY_UPDATED = '2026-11-25';

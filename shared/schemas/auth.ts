import { z } from 'zod';
import { t } from '../messages';
import type { loginAnswer } from './answers';
import { email, isBlank, requiredOrInvalid } from './fields';

/** The longest password accepted anywhere. */
export const MAX_PASSWORD_LENGTH = 200;

/**
 * True for a password made of nothing but spaces and invisible characters (tabs, line breaks,
 * no-break and zero-width spaces): refused as a new password.
 */
export const isBlankPassword = (password: string) => /^[\s\p{Cf}]*$/u.test(password);

/**
 * A password exactly as typed: never trimmed, since spaces at either end are part of it. Only an
 * empty one is missing. What signing in and the current password of a change take.
 */
export const typedPassword = () =>
  z
    .string({ error: requiredOrInvalid })
    .min(1, { error: () => t('validation.required') })
    .max(MAX_PASSWORD_LENGTH, { error: () => t('validation.tooLong', { max: MAX_PASSWORD_LENGTH }) });

const loginFields = z.object({ email: email(), password: typedPassword() });

/** The fields of loginFields that were not sent: a blank email, or no password at all (spaces are one). */
const missingLoginFields = (value: unknown): string[] => {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return [
    ...(isBlank(record.email) ? ['email'] : []),
    ...(record.password === undefined || record.password === null || record.password === '' ? ['password'] : []),
  ];
};

/**
 * Sign-in. As summarizeMissing (fields.ts) does for other forms, a missing field also gives the
 * form-level summary; but a password of spaces is not missing, it is a password.
 */
export const loginInput = loginFields.refine((value) => missingLoginFields(value).length === 0, {
  when: () => true,
  path: [],
  error: () => t('form.requiredFields'),
});

export type LoginResult = z.output<typeof loginAnswer>;

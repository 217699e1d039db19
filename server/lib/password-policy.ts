/** What a new admin password must be: long enough and not one of the most common passwords. */
import { z } from 'zod';
import { isBlankPassword, MAX_PASSWORD_LENGTH } from '../../shared/schemas/auth';
import { email } from '../../shared/schemas/fields';
import { MIN_PASSWORD_LENGTH } from '../../shared/schemas/staff';
import { COMMON_PASSWORDS } from './common-passwords';

let common: Set<string> | undefined;

/**
 * True when the password is on the list, compared case-insensitively and also without the digits
 * and symbols people add at either end to reach a length rule: 'Sunshine2024!' is as guessable as
 * 'sunshine'.
 */
export const isCommonPassword = (password: string) => {
  common ??= new Set(COMMON_PASSWORDS.split('\n').map((p) => p.toLowerCase()));
  const lower = password.toLowerCase();
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  return common.has(lower) || (core.length >= 4 && common.has(core));
};

/**
 * A new password from admin:create or ADMIN_PASSWORD, taken exactly as given: never trimmed, and
 * refused when it is only spaces.
 */
export const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must have at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH)
  .refine((p) => !isBlankPassword(p), 'must not be only spaces')
  .refine((p) => !isCommonPassword(p), 'is on a list of common passwords: choose another');

/** What `admin:create` accepts. */
export const adminCredentials = z.object({ email: email(), password: newPassword });

/** A forgotten password asked for by mail, and a new password set from the mailed link. */
import { z } from 'zod';
import { t } from '../messages';
import { typedPassword } from './auth';
import { email } from './fields';
import { newPasswordField } from './staff';

/** The longest link token read: ours are a few hundred characters. */
const MAX_TOKEN_LENGTH = 2048;

/** POST /api/auth/forgot-password and auth.forgotPassword. */
export const passwordForgotInput = z.object({ email: email() });

/** The token of a reset or invitation link, as the page read it from its address. */
const linkToken = z
  .string({ error: () => t('passwordReset.linkInvalid') })
  .min(1, { error: () => t('passwordReset.linkInvalid') })
  .max(MAX_TOKEN_LENGTH, { error: () => t('passwordReset.linkInvalid') });

/** POST /api/auth/reset-password and auth.resetPassword: a link's token and the new password. */
export const passwordResetInput = z.object({ token: linkToken, password: newPasswordField() });

/** The reset page's form: the new password typed twice (the token comes from the address). */
export const passwordResetForm = z
  .object({ password: newPasswordField(), confirmPassword: typedPassword() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: () => t('account.passwordsDiffer'),
  });

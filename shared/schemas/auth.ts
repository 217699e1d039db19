import { z } from 'zod';
import { t } from '../messages';
import type { loginAnswer } from './answers';
import { email, requiredText, summarizeMissing } from './fields';

export const loginInput = summarizeMissing(z.object({ email: email(), password: requiredText(200) }), () =>
  t('form.requiredFields'),
);

export type LoginResult = z.output<typeof loginAnswer>;

/** What `admin:create` accepts: passwords of at least 12 characters. */
export const adminCredentials = z.object({
  email: email(),
  password: z.string().min(12, 'The password must have at least 12 characters').max(200),
});

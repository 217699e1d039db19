import { z } from 'zod';
import { t } from '../messages';
import type { loginAnswer } from './answers';
import { email, requiredText, summarizeMissing } from './fields';

export const loginInput = summarizeMissing(z.object({ email: email(), password: requiredText(200) }), () =>
  t('form.requiredFields'),
);

export type LoginResult = z.output<typeof loginAnswer>;

/**
 * The give panel's schema when paying online is offered: the pledge (pledgeInput, as the server
 * checks it) with the way chosen and the fee cover. Paystack needs an email, so the online way
 * requires one; the transfer way stays exactly the pledge. Imported when the donor first sends,
 * like the pledge schema, so the campaign page's first load carries no zod.
 */
import { z } from 'zod';
import { t } from '../../../../shared/messages';
import { pledgeInput } from '../../../../shared/schemas/giving';
import { GIVE_WAYS, payInput } from '../../../../shared/schemas/payments';

export const givePanelInput = pledgeInput
  .safeExtend({ way: z.enum(GIVE_WAYS), coverFees: payInput.shape.coverFees })
  .refine((v) => v.way !== 'online' || v.email !== '', { path: ['email'], error: () => t('pay.emailRequired') });

/** What the give form holds, and what its check hands on. */
export type GiveInput = z.input<typeof givePanelInput>;
export type GiveOutput = z.output<typeof givePanelInput>;

/** The newsletter's mailed links: confirming a subscription and leaving the list. */
import { z } from 'zod';
import { t } from '../messages';
import { requiredOrInvalid } from './fields';

/** A link's token, as the confirm and unsubscribe pages send it back. */
export const newsletterLinkInput = z.object({
  token: z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: () => t('newsletter.linkInvalid') })
    .max(2048, { error: () => t('newsletter.linkInvalid') })
    .describe('The token of the link in the mail'),
});
export type NewsletterLinkInput = z.input<typeof newsletterLinkInput>;

/** The body of a one-click unsubscribe (RFC 8058): what mail programs post, and the page's own form. */
export const oneClickBody = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: () => t('request.invalid') }),
});

/** What confirming or unsubscribing answers. */
export const newsletterLinkAnswer = z.object({ message: z.string() });

/** What a page shows after its link was used without the script, or refused: put in the page's data by the server. */
export interface LinkOutcome {
  ok: boolean;
  message: string;
}
export const LINK_OUTCOME_KEY = ['link-outcome'] as const;

/** The pages of the mailed links. */
export const CONFIRM_PAGE = '/newsletter/confirm';
export const UNSUBSCRIBE_PAGE = '/newsletter/unsubscribe';
/** Where the confirm page's form posts (its REST path). */
export const CONFIRM_ACTION = '/api/newsletter/confirm';

/** The newsletter.* procedures: the tRPC twins of the mailed links' REST paths, for the pages' scripts. */
import { newsletterLinkInput } from '../../shared/schemas/newsletter';
import { publicFormProcedure, router } from '../trpc/trpc';
import { confirmSubscription, unsubscribe } from './service';

export const newsletterRouter = router({
  /** The twin of POST /api/newsletter/confirm. */
  confirm: publicFormProcedure
    .input(newsletterLinkInput)
    .mutation(({ ctx, input }) => confirmSubscription(ctx, input, ctx.actor)),
  /** The twin of POST /newsletter/unsubscribe. */
  unsubscribe: publicFormProcedure
    .input(newsletterLinkInput)
    .mutation(({ ctx, input }) => unsubscribe(ctx, input, ctx.actor)),
});

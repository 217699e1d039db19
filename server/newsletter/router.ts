/** The newsletter.* procedures: the tRPC twins of the mailed links' REST paths, for the pages' scripts. */
import { archiveListInput, editionId } from '../../shared/schemas/editions';
import { newsletterLinkInput } from '../../shared/schemas/newsletter';
import { publicFormProcedure, publicProcedure, router } from '../trpc/trpc';
import { getArchivedEdition, listArchive } from './editions/archive';
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
  /** The archive's list: sent editions, newest first, in the page's language. */
  archive: publicProcedure.input(archiveListInput).query(({ ctx, input }) => listArchive(ctx, input)),
  /** One sent edition; drafts and scheduled ones are not found. */
  edition: publicProcedure.input(editionId).query(({ ctx, input }) => getArchivedEdition(ctx, input.id)),
});

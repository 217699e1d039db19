/** The submission.* procedures: one `create` per form (the client's types name each), and the review. */
import {
  statusTargetInput,
  statusUpdateInput,
  submissionListQuery,
  submissionPageInput,
  submissionTargetInput,
} from '../../shared/schemas/submissions';
import { adminProcedure, publicProcedure, router } from '../trpc/trpc';
import { type InputOf, KINDS, type KindName } from './kinds';
import {
  deleteSubmission,
  listSubmissions,
  registerSubmission,
  submissionCounts,
  submissionPage,
  updateStatus,
} from './service';

// TypeScript cannot tie a generic kind to its own schema's output, hence the one cast.
const form = <K extends KindName>(name: K) =>
  router({
    create: publicProcedure
      .input(KINDS[name].input)
      .mutation(({ ctx, input }) => registerSubmission(ctx, name, input as InputOf<K>)),
  });

export const submissionRouter = router({
  volunteer: form('volunteer'),
  partner: form('partner'),
  advocate: form('advocate'),
  contact: form('contact'),
  newsletter: form('newsletter'),
  /** The REST twin of GET /api/submissions. */
  list: adminProcedure.input(submissionListQuery.optional()).query(({ ctx, input }) => listSubmissions(ctx, input)),
  /** One kind's page, for the dashboard's infinite lists. */
  page: adminProcedure
    .input(submissionPageInput)
    .query(({ ctx, input }) => submissionPage(ctx, input.type, { limit: input.limit, cursor: input.cursor })),
  counts: adminProcedure.query(({ ctx }) => submissionCounts(ctx)),
  updateStatus: adminProcedure
    .input(statusTargetInput.extend(statusUpdateInput.shape))
    .mutation(({ ctx, input }) => updateStatus(ctx, input.type, input.id, input.status, ctx.actor)),
  /** Deletes one submission for good: an erasure request. */
  remove: adminProcedure
    .input(submissionTargetInput)
    .mutation(({ ctx, input }) => deleteSubmission(ctx, input.type, input.id, ctx.actor)),
});

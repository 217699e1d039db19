/** The submission.* procedures: one `create` per form (the client's types name each), and the review. */
import { statusTargetInput, statusUpdateInput } from '../../shared/schemas/submissions';
import { adminProcedure, publicProcedure, router } from '../trpc/trpc';
import { type InputOf, KINDS, type KindName } from './kinds';
import { listSubmissions, registerSubmission, updateStatus } from './service';

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
  list: adminProcedure.query(({ ctx }) => listSubmissions(ctx)),
  updateStatus: adminProcedure
    .input(statusTargetInput.extend(statusUpdateInput.shape))
    .mutation(({ ctx, input }) => updateStatus(ctx, input.type, input.id, input.status)),
});

/** The submission.* procedures: one `create` per form (the client's types name each), and the review. */
import {
  exportInput,
  noteInput,
  statusTargetInput,
  statusUpdateInput,
  submissionListQuery,
  submissionPageInput,
  submissionTargetInput,
} from '../../shared/schemas/submissions';
import { publicFormProcedure, router, staffProcedure } from '../trpc/trpc';
import { exportCsvText } from './export';
import { type InputOf, KINDS, type KindName } from './kinds';
import { addNote, listNotes } from './notes';
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
    create: publicFormProcedure
      .input(KINDS[name].input)
      .mutation(({ ctx, input }) => registerSubmission(ctx, name, input as InputOf<K>)),
  });

const review = staffProcedure('submissions.review');

export const submissionRouter = router({
  volunteer: form('volunteer'),
  partner: form('partner'),
  advocate: form('advocate'),
  contact: form('contact'),
  newsletter: form('newsletter'),
  /** The REST twin of GET /api/submissions. */
  list: review.input(submissionListQuery.optional()).query(({ ctx, input }) => listSubmissions(ctx, input)),
  /** One kind's page, for the dashboard's infinite lists, optionally searched and filtered. */
  page: review
    .input(submissionPageInput)
    .query(({ ctx, input: { type, ...options } }) => submissionPage(ctx, type, options)),
  counts: review.query(({ ctx }) => submissionCounts(ctx)),
  updateStatus: review
    .input(statusTargetInput.extend(statusUpdateInput.shape))
    .mutation(({ ctx, input }) => updateStatus(ctx, input.type, input.id, input.status, ctx.actor)),
  /** Deletes one submission for good: an erasure request. */
  remove: staffProcedure('submissions.delete')
    .input(submissionTargetInput)
    .mutation(({ ctx, input }) => deleteSubmission(ctx, input.type, input.id, ctx.actor)),
  notes: review.input(submissionTargetInput).query(({ ctx, input }) => listNotes(ctx, input.type, input.id)),
  addNote: review.input(noteInput).mutation(({ ctx, input }) => addNote(ctx, ctx.user, input, ctx.actor)),
  /** The REST twin of GET /api/submissions/{type}.csv, as text; a mutation because it is audited. */
  exportCsv: review
    .input(exportInput)
    .mutation(({ ctx, input: { type, ...filters } }) => exportCsvText(ctx, type, filters, ctx.actor)),
});

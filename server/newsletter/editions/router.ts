/** newsletters.*: the tRPC twins of the staff's /api/newsletters paths, and the editor's preview. */
import {
  editionId,
  editionInput,
  editionListQuery,
  editionPreviewInput,
  editionSendInput,
  editionUpdateInput,
} from '../../../shared/schemas/editions';
import { router, staffProcedure } from '../../trpc/trpc';
import { pauseEdition, resumeEdition, sendEdition } from './sending';
import {
  createEdition,
  deleteEdition,
  getEdition,
  listEditions,
  previewEdition,
  testEdition,
  updateEdition,
} from './service';

const editor = staffProcedure('newsletter.send');

export const editionsRouter = router({
  list: editor.input(editionListQuery).query(({ ctx, input }) => listEditions(ctx, input)),
  get: editor.input(editionId).query(({ ctx, input }) => getEdition(ctx, input.id)),
  create: editor.input(editionInput).mutation(({ ctx, input }) => createEdition(ctx, input, ctx.actor)),
  update: editor
    .input(editionUpdateInput)
    .mutation(({ ctx, input }) => updateEdition(ctx, input.id, input.data, ctx.actor)),
  remove: editor.input(editionId).mutation(({ ctx, input }) => deleteEdition(ctx, input.id, ctx.actor)),
  test: editor.input(editionId).mutation(({ ctx, input }) => testEdition(ctx, input.id, ctx.user, ctx.actor)),
  send: editor.input(editionSendInput).mutation(({ ctx, input }) => sendEdition(ctx, input, ctx.actor)),
  pause: editor.input(editionId).mutation(({ ctx, input }) => pauseEdition(ctx, input.id, ctx.actor)),
  resume: editor.input(editionId).mutation(({ ctx, input }) => resumeEdition(ctx, input.id, ctx.actor)),
  /** The mail as a reader would get it, from the editor's text as it stands; nothing is stored. */
  preview: editor.input(editionPreviewInput).mutation(({ ctx, input }) => previewEdition(ctx, input)),
});

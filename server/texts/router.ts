/** The texts.* procedures, for admins and translators: the twins of server/texts/rest.ts. */
import { z } from 'zod';
import { textInput, textKey, textLocaleInput, textsQuery } from '../../shared/schemas/texts';
import { router, staffProcedure } from '../trpc/trpc';
import { listTexts, resetText, reviewText, setText } from './service';

const editor = staffProcedure('texts.edit');
const keyed = z.object({ key: textKey });

export const textsRouter = router({
  /** GET /api/texts's twin; its cursor is named `cursor`, as tRPC's infinite lists name it. */
  list: editor
    .input(textsQuery.extend({ cursor: textKey.nullish() }))
    .query(({ ctx, input: { cursor, ...query } }) => listTexts(ctx, { ...query, before: cursor ?? query.before })),
  set: editor
    .input(keyed.extend(textInput.shape))
    .mutation(({ ctx, input: { key, ...change } }) => setText(ctx, key, change, ctx.actor)),
  reset: editor
    .input(keyed.extend(textLocaleInput.shape))
    .mutation(({ ctx, input }) => resetText(ctx, input.key, input.locale, ctx.actor)),
  review: editor
    .input(keyed.extend(textLocaleInput.shape))
    .mutation(({ ctx, input }) => reviewText(ctx, input.key, input.locale, ctx.actor)),
});

/**
 * The texts.* procedures, for admins and translators: the twins of server/texts/rest.ts; and the
 * staff area's corrections, which any browser entering it reads.
 */
import { z } from 'zod';
import { textInput, textKey, textLocaleInput, textsQuery } from '../../shared/schemas/texts';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc';
import { staffCorrections } from './overrides';
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
  /**
   * Staff's corrections of the staff area's texts in a language, as its pages show them to anyone
   * (sign-in included): fetched with the staff area's code by a browser that started on a public
   * page, whose page carried the corrections of every page's texts only (server/texts/overrides.ts).
   */
  corrections: publicProcedure.input(textLocaleInput).query(({ ctx, input }) => staffCorrections(ctx, input.locale)),
});

/** The pledge.*, statement.* and gifts.* procedures: the twins of server/giving/rest.ts. */
import { z } from 'zod';
import { t } from '../../shared/messages';
import {
  lineDecisionInput,
  pledgeInput,
  pledgeListQuery,
  pledgeUpdateInput,
  statementConfirmInput,
} from '../../shared/schemas/giving';
import { pageCursor } from '../../shared/schemas/pages';
import { payInput } from '../../shared/schemas/payments';
import { pledgeLookupInput } from '../../shared/schemas/pledge-lookup';
import { receiptPdfInput } from '../../shared/schemas/receipt';
import { columnMapping } from '../../shared/schemas/statement-mapping';
import { ValidationError } from '../errors';
import { startPayment } from '../payments/service';
import { publicFormProcedure, publicProcedure, router, staffProcedure } from '../trpc/trpc';
import { givingSummary } from './dashboard';
import { giftsCsvText } from './export';
import { lookupPledges } from './lookup';
import { createPledge, getPublicPledge, listPledges, pledgePage, updatePledge } from './pledges';
import { pledgeReceiptPdf } from './receipt';
import { STATEMENT_MAX_BYTES } from './statement-file';
import { confirmLines, decideLine, importStatement, listStatements, openLines, statementLines } from './statements';
import { supportersOf } from './supporters';

const finance = staffProcedure('donations.manage');
const reference = z.object({ reference: z.string().max(64) });
const id = z.object({ id: z.string().max(64) });

/** A statement file sent through tRPC: its bytes in base64 (the REST twin takes multipart). */
const statementUpload = z.object({
  filename: z.string().max(200),
  content: z
    .string()
    .max(Math.ceil((STATEMENT_MAX_BYTES * 4) / 3) + 8, { error: () => t('statements.tooLarge') })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: () => t('request.invalid') }),
  mapping: columnMapping.optional(),
});

export const pledgeRouter = router({
  create: publicFormProcedure.input(pledgeInput).mutation(({ ctx, input }) => {
    if (input.website) throw new ValidationError(t('request.invalid'));
    return createPledge(ctx, input, ctx.actor);
  }),
  byReference: publicProcedure.input(reference).query(({ ctx, input }) => getPublicPledge(ctx, input.reference)),
  /** The donor's page: the pledge, where to transfer, the receipts. */
  page: publicProcedure.input(reference).query(({ ctx, input }) => pledgePage(ctx, input.reference)),
  /** GET /api/pledges/{reference}/receipt.pdf's twin: the same PDF, its bytes in base64. */
  receiptPdf: publicProcedure.input(receiptPdfInput).query(async ({ ctx, input }) => {
    const { filename, pdf } = await pledgeReceiptPdf(ctx, input.reference, input.lang);
    return { filename, contentType: 'application/pdf' as const, base64: pdf.toString('base64') };
  }),
  /** The supporter wall of a campaign. */
  supporters: publicProcedure
    .input(z.object({ campaignId: z.string().max(64) }))
    .query(({ ctx, input }) => supportersOf(ctx, input.campaignId)),
  /** GET /api/pledges's twin; its cursor is named `cursor`, as tRPC's infinite lists name it. */
  list: finance
    .input(pledgeListQuery.extend({ cursor: pageCursor.nullish() }))
    .query(({ ctx, input: { cursor, ...query } }) => listPledges(ctx, { ...query, before: cursor ?? query.before })),
  update: finance
    .input(id.extend({ data: pledgeUpdateInput }))
    .mutation(({ ctx, input }) => updatePledge(ctx, input.id, input.data, ctx.actor)),
  /** POST /api/pledges/lookup's twin: mails the links to an address's pledges; the same answer for every address. */
  lookup: publicFormProcedure.input(pledgeLookupInput).mutation(({ ctx, input }) => lookupPledges(ctx, input)),
  /** POST /api/pledges/{reference}/pay's twin: Paystack's checkout page for the pledge. */
  pay: publicFormProcedure
    .input(reference.extend(payInput.shape))
    .mutation(({ ctx, input: { reference: ref, ...pay } }) => startPayment(ctx, ref, pay)),
});

export const statementRouter = router({
  import: finance
    .input(statementUpload)
    .mutation(({ ctx, input }) =>
      importStatement(
        ctx,
        { data: Buffer.from(input.content, 'base64'), filename: input.filename },
        input.mapping,
        ctx.actor,
      ),
    ),
  list: finance.query(({ ctx }) => listStatements(ctx)),
  lines: finance.input(id).query(async ({ ctx, input }) => ({ lines: await statementLines(ctx, input.id) })),
  openLines: finance.query(async ({ ctx }) => ({ lines: await openLines(ctx) })),
  confirm: finance
    .input(id.extend(statementConfirmInput.shape))
    .mutation(({ ctx, input }) => confirmLines(ctx, input.id, input.lineIds, ctx.actor)),
  decide: finance
    .input(id.extend({ decision: lineDecisionInput }))
    .mutation(({ ctx, input }) => decideLine(ctx, input.id, input.decision, ctx.actor)),
});

export const giftsRouter = router({
  /** The twin of GET /api/gifts.csv, as text; a mutation because it is audited. */
  exportCsv: finance.mutation(({ ctx }) => giftsCsvText(ctx, ctx.actor)),
  summary: finance.query(({ ctx }) => givingSummary(ctx)),
});

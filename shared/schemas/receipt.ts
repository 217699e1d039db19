/**
 * The donor's receipt as a PDF: GET /api/pledges/{reference}/receipt.pdf and pledge.receiptPdf
 * (server/giving/receipt.ts).
 */
import { z } from 'zod';

/** The language the receipt is written in; without it, the language the pledge was made in. */
export const receiptQuery = z.object({
  lang: z.enum(['en', 'ha']).optional().describe("The receipt's language: the page's, where the download link says"),
});

/** pledge.receiptPdf: the pledge, and the query of the REST twin. */
export const receiptPdfInput = receiptQuery.extend({ reference: z.string().max(64) });

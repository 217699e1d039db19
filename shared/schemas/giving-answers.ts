/**
 * What the giving routes answer, as zod schemas: they type the routes and make the OpenAPI
 * document; the contract test checks real answers against them. Types only reach the client.
 */
import { z } from 'zod';
import { PLEDGE_STATUSES } from './giving';
import { pageNext } from './pages';

const id = z.string().describe('A UUIDv7, made by the server');
const instant = z.string().describe('An ISO 8601 instant in UTC');
const day = z.string().describe('A calendar date, YYYY-MM-DD');
const naira = z.number().int().describe('Whole naira');
const reference = z.string().describe('The payment reference: 8 letters and digits, the last a check character');
const bank = z.object({ accountName: z.string(), accountNumber: z.string(), bankName: z.string() });

export const pledgeCreated = z.object({
  message: z.string(),
  data: z.object({
    reference,
    amount: naira,
    campaignId: id,
    status: z.literal('pending'),
    expiresAt: instant,
    bank: bank.describe('The account to transfer to'),
  }),
});

export const publicPledge = z.object({
  reference,
  campaignId: id.nullable().describe('Null when the campaign was deleted since'),
  campaignTitle: z.string(),
  amount: naira,
  status: z.enum(PLEDGE_STATUSES),
  createdAt: instant,
  expiresAt: instant,
  receivedAmount: naira.optional().describe('What was received so far, once anything was'),
  receivedOn: day.optional().describe('The day of the latest payment received'),
  paidOnline: z.boolean().describe('Whether a payment received was made online (Paystack)'),
});

export const staffPledge = publicPledge.extend({
  id,
  name: z.string(),
  anonymous: z.boolean(),
  hideAmount: z.boolean(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  receivedAmount: naira,
  outstanding: naira.describe('What is still to come of the pledged amount'),
  online: z
    .object({
      channel: z.string().describe('How the donor paid: card, bank_transfer, ussd, bank, …'),
      grossKobo: z.number().int().describe('What the donor paid, in kobo'),
      feeKobo: z.number().int().describe("The provider's fee, in kobo"),
      netKobo: z.number().int().describe('What the foundation receives, in kobo'),
      review: z.string().nullable().describe('Why finance should look at it, or null'),
    })
    .nullable()
    .describe('Its counting online payment, if any'),
});

export const pledgePageAnswer = z.object({
  items: z.array(staffPledge),
  next: pageNext,
});

export const pledgeUpdated = z.object({ message: z.string(), data: staffPledge });

export const importAnswer = z.object({
  statementId: id,
  lines: z.number().int().describe('Transaction rows read: credits, debits and rows that could not be read'),
  credits: z.number().int().describe('Credit lines in the file'),
  duplicates: z.number().int().describe('Credit lines already stored from this or an earlier statement'),
  matches: z.object({
    sure: z.number().int().describe('New lines whose narration names a pledge by its reference'),
    likely: z
      .number()
      .int()
      .describe('New lines with the amount and a similar name of a pending pledge, within 3 days'),
  }),
  settlements: z
    .number()
    .int()
    .describe('New lines that are Paystack paying out online gifts: neither donations nor unmatched'),
  unmatched: z.number().int(),
  debits: z.number().int().describe('Debit lines, ignored'),
  problems: z
    .array(z.object({ row: z.number().int(), message: z.string() }))
    .describe('Rows that could not be read, by their row number in the file'),
});

export const statementLine = z.object({
  id,
  statementId: id.describe('The statement that first brought the line'),
  row: z.number().int(),
  date: day,
  narration: z.string(),
  amount: naira.describe('The credit in whole naira'),
  amountKobo: z.number().int(),
  bankReference: z.string().nullable(),
  kind: z.enum(['sure', 'likely']).nullable().describe('How the suggested pledge was found; null when none was'),
  status: z
    .enum(['open', 'confirmed', 'not_donation', 'settlement'])
    .describe("'settlement': Paystack paying out online gifts already recorded; it records no gift"),
  pledge: z
    .object({ id, reference, name: z.string(), amount: naira, campaignTitle: z.string() })
    .nullable()
    .describe('The suggested or paid pledge'),
  gift: z.object({ receiptNumber: z.string(), campaignTitle: z.string() }).nullable(),
  settledGifts: z.number().int().describe('The online gifts a settlement paid out; 0 for other lines'),
});

export const statementLinesAnswer = z.object({ lines: z.array(statementLine) });
export const linesConfirmed = z.object({
  message: z.string(),
  confirmed: z.number().int(),
  skipped: z.number().int().describe('Lines without a match, of another statement, or already decided'),
});
export const lineDecided = z.object({ message: z.string(), data: statementLine });

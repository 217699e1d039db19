/**
 * REST paths of giving, for other clients and tests: each calls the same service with the same
 * schema as its tRPC twin (server/giving/router.ts).
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { t } from '../../shared/messages';
import {
  lineDecisionInput,
  pledgeInput,
  pledgeListQuery,
  pledgeUpdateInput,
  statementConfirmInput,
} from '../../shared/schemas/giving';
import {
  importAnswer,
  lineDecided,
  linesConfirmed,
  pledgeCreated,
  pledgePageAnswer,
  pledgeUpdated,
  publicPledge,
  statementLinesAnswer,
} from '../../shared/schemas/giving-answers';
import { payInput } from '../../shared/schemas/payments';
import { receiptQuery } from '../../shared/schemas/receipt';
import { columnMapping } from '../../shared/schemas/statement-mapping';
import { actorOfRequest, requireStaff } from '../auth/guards';
import type { Deps } from '../deps';
import { DomainError, ValidationError } from '../errors';
import {
  LINE_DECIDED_EXAMPLE,
  LINES_CONFIRMED_EXAMPLE,
  PLEDGE_CREATED_EXAMPLE,
  PLEDGE_EXAMPLE,
  PLEDGE_UPDATE_EXAMPLE,
  PLEDGE_UPDATED_EXAMPLE,
  PLEDGES_EXAMPLE,
  PUBLIC_PLEDGE_EXAMPLE,
  STATEMENT_IMPORTED_EXAMPLE,
  STATEMENT_LINES_EXAMPLE,
} from '../http/api-examples';
import type { Pages } from '../http/page-answers';
import { answer, BEARER, BODY_REFUSALS, refusals, seeOther } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { payFailedPath } from '../payments/rest';
import { startPayment } from '../payments/service';
import { FORM_CONTENT_TYPE, formInput, isFormPost, parseFormBody } from '../submissions/form-post';
import { giftsCsv, giftsCsvFilename } from './export';
import { createPledge, getPublicPledge, listPledges, updatePledge } from './pledges';
import { pledgeQrSvg } from './qr';
import { pledgeReceiptPdf } from './receipt';
import { type ColumnMapping, STATEMENT_MAX_BYTES } from './statement-file';
import { confirmLines, decideLine, importStatement, StatementRefusal, statementLines } from './statements';

const tags = ['giving'];
const id = z.object({ id: z.string().max(64) });
/** A pledge as a client names it: its payment reference, like the GET beside it, or its id. */
const pledgeName = z.object({
  reference: z.string().max(64).describe('The payment reference (any case, spaces or dashes), or the pledge id'),
});

/** The give panel's "Pay online now" choices, by form post: read before the pledge schema drops them. */
const onlineForms = new WeakMap<FastifyRequest, Record<string, unknown>>();

/** Where a refused HTML pledge form goes back to: the campaign's give panel, saying why. */
export const PLEDGE_REFUSED_PARAM = 'pledge';

/** The optional `mapping` field: JSON of {field: header text}. */
function mappingOf(text: string | undefined): ColumnMapping | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError(t('statements.mappingInvalid'));
  }
  const result = columnMapping.safeParse(parsed);
  if (!result.success) throw new ValidationError(t('statements.mappingBadField'));
  return result.data;
}

/** The multipart body: one file under `file`, optionally `mapping`. Over the limit: 400, nothing stored. */
async function receiveStatement(req: FastifyRequest) {
  if (!req.isMultipart()) throw new ValidationError(t('statements.fileRequired'));
  let file: { data: Buffer; filename: string } | undefined;
  let mapping: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'mapping') mapping = String(part.value);
      } else if (part.fieldname === 'file' && !file) {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new ValidationError(t('statements.tooLarge'));
        file = { data, filename: part.filename || 'statement' };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ValidationError(t('statements.tooLarge'));
    throw new ValidationError(t('request.invalid'));
  }
  if (!file || file.data.length === 0) throw new ValidationError(t('statements.fileRequired'));
  return { file, mapping: mappingOf(mapping) };
}

export async function givingRest(app: ZodApp, deps: Deps, pages: Pages): Promise<void> {
  const finance = requireStaff(deps, 'donations.manage');

  // The public pledge, which also takes an HTML form post (the give panel before its script loads).
  await app.register(async (forms: ZodApp) => {
    forms.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_req, body, done) =>
      done(null, parseFormBody(body as string)),
    );
    forms.post(
      '/api/pledges',
      {
        attachValidation: true,
        preValidation: async (req) => {
          if (!isFormPost(req)) return;
          const fields = req.body as unknown as Record<string, string | string[]>;
          // The give panel's "Other" chip names its amount in a field of its own.
          if (fields.amount === 'other') fields.amount = fields.otherAmount ?? '';
          // "Pay online now": the payment starts once the pledge is made.
          if (fields.way === 'online') onlineForms.set(req, formInput(payInput, fields));
          req.body = formInput(pledgeInput, fields) as typeof req.body;
        },
        config: { budget: 'form', openapiExample: PLEDGE_EXAMPLE },
        schema: {
          tags,
          operationId: 'createPledge',
          summary: 'Pledge a gift and get its payment reference',
          description:
            'The donor transfers the amount with the reference in the narration; staff match the transfer by it. The pledge expires after the period set in Settings. With an email, the donor is mailed how to transfer, and reminded before the expiry: at most 3 such mails an hour and 10 a day to one mailbox (the address without its +tag, in any case); past that the pledge is made and answered all the same, with no mail and no reminder. A filled-in `website` field (the honeypot) is refused as invalid. Posted as an HTML form, the answer is a 303 to the pledge page, or back to the campaign page when refused.',
          body: pledgeInput,
          consumes: ['application/json', FORM_CONTENT_TYPE],
          response: {
            201: answer('Pledged', pledgeCreated, { example: PLEDGE_CREATED_EXAMPLE }),
            303: seeOther('From an HTML form: Location is /pledge/{reference}, or the campaign page when refused'),
            ...refusals(...BODY_REFUSALS, 404),
          },
        },
      },
      async (req, reply) => {
        // Without pages to answer with (an API-only server), a form post is answered as JSON.
        const form = isFormPost(req) && pages.rendered;
        const body = req.body as z.input<typeof pledgeInput>;
        const backToCampaign = () =>
          reply.redirect(
            `/campaign/${encodeURIComponent(String(body?.campaignId ?? ''))}?${PLEDGE_REFUSED_PARAM}=refused#give`,
            303,
          );
        if (req.validationError) {
          if (form && req.validationError instanceof ValidationError) return backToCampaign();
          throw req.validationError;
        }
        if (body.website) {
          if (form) return backToCampaign();
          throw new ValidationError(t('request.invalid'));
        }
        const created = await createPledge(deps, body, actorOfRequest(req));
        const online = form ? onlineForms.get(req) : undefined;
        if (online && deps.config.paystack) {
          const pay = payInput.safeParse(online);
          try {
            if (pay.success) {
              const { authorizationUrl } = await startPayment(deps, created.data.reference, pay.data);
              return reply.redirect(authorizationUrl, 303);
            }
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
          }
          // The pledge stands: its page offers to try again or to transfer.
          return reply.redirect(payFailedPath(created.data.reference), 303);
        }
        if (form) return reply.redirect(`/pledge/${created.data.reference}`, 303);
        return reply.status(201).send(created);
      },
    );
  });

  app.get(
    '/api/pledges/:reference',
    {
      config: { budget: 'read' },
      schema: {
        tags,
        operationId: 'getPledge',
        summary: 'A pledge by its payment reference',
        description:
          "Anyone with the reference may read it: never the donor's name, phone or email. The reference is read as a donor may type it (any case, spaces and dashes).",
        params: z.object({ reference: z.string().max(64) }),
        response: {
          200: answer('The pledge', publicPledge, { example: PUBLIC_PLEDGE_EXAMPLE }),
          ...refusals(400, 404),
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getPublicPledge(deps, req.params.reference);
    },
  );

  app.get(
    '/api/pledges/:reference/qr.svg',
    {
      config: { budget: 'read' },
      schema: {
        tags,
        operationId: 'getPledgeQr',
        summary: "A QR code of the pledge page's address, as SVG",
        params: z.object({ reference: z.string().max(64) }),
        produces: ['image/svg+xml'],
        response: {
          200: {
            description: 'The SVG',
            content: { 'image/svg+xml': { schema: z.string().meta({ type: 'string' }) } },
          },
          ...refusals(400, 404),
        },
      },
    },
    async (req, reply) => {
      const pledge = await getPublicPledge(deps, req.params.reference);
      const svg = await pledgeQrSvg(deps, pledge.reference);
      // Private: it names one donor's pledge page.
      return reply.type('image/svg+xml').header('cache-control', 'private, max-age=86400').send(svg);
    },
  );

  app.get(
    '/api/pledges/:reference/receipt.pdf',
    {
      config: { budget: 'read' },
      schema: {
        tags,
        operationId: 'getPledgeReceiptPdf',
        summary: 'The receipt of what a pledge has received, as a PDF',
        description:
          "The donor's receipt to keep: the foundation and its CAC RC number, the donor's name (none for an anonymous gift), each payment received with its receipt number and day, the amount in figures and words, the campaign and the reference. In `lang` when given (the page's language), otherwise the language the pledge was made in. 404 until a payment has been received.",
        params: z.object({ reference: z.string().max(64) }),
        querystring: receiptQuery,
        produces: ['application/pdf'],
        response: {
          200: {
            description: 'The PDF',
            content: { 'application/pdf': { schema: z.custom<Buffer>().meta({ type: 'string', format: 'binary' }) } },
          },
          ...refusals(400, 404),
        },
      },
    },
    async (req, reply) => {
      const { filename, pdf } = await pledgeReceiptPdf(deps, req.params.reference, req.query.lang);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          // Private, and current: a payment received later adds a line.
          .header('cache-control', 'private, no-cache')
          .send(pdf)
      );
    },
  );

  app.get(
    '/api/pledges',
    {
      config: { budget: 'staff' },
      onRequest: finance,
      schema: {
        tags,
        operationId: 'listPledges',
        summary: 'Pledges, newest first, a page at a time',
        description:
          "Finance and admin. `q` searches the reference, name, phone and email; `status` 'expired' is a pending pledge past its expiry.",
        security: BEARER,
        querystring: pledgeListQuery,
        response: {
          200: answer('A page of pledges', pledgePageAnswer, { example: PLEDGES_EXAMPLE }),
          ...refusals(400, 401, 403),
        },
      },
    },
    (req) => listPledges(deps, req.query),
  );

  app.put(
    '/api/pledges/:reference',
    {
      onRequest: finance,
      config: { budget: 'staff', openapiExample: PLEDGE_UPDATE_EXAMPLE },
      schema: {
        tags,
        operationId: 'updatePledge',
        summary: 'Confirm a payment, cancel, or reopen a pledge',
        description:
          "The pledge is named by its payment reference, as on the donor's page (its id is still accepted). 'confirmed' records a payment of `amountReceived` (all that is outstanding when not given) received on `receivedOn` (today when not given): a part payment leaves the rest outstanding, and the campaign's total and supporters move at once. 'pending' takes the payments back and starts a new expiry period (reopens an expired pledge). 'cancelled' closes a pledge with no payment. Audited.",
        security: BEARER,
        params: pledgeName,
        body: pledgeUpdateInput,
        response: {
          200: answer('Updated', pledgeUpdated, { example: PLEDGE_UPDATED_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403, 404, 409),
        },
      },
    },
    (req) => updatePledge(deps, req.params.reference, req.body, actorOfRequest(req)),
  );

  app.get(
    '/api/gifts.csv',
    {
      config: { budget: 'staff' },
      onRequest: finance,
      schema: {
        tags,
        operationId: 'exportGifts',
        summary: 'Every gift as CSV, newest first',
        description:
          'UTF-8 with a byte-order mark; a cell that starts with =, +, -, @, a tab or a carriage return is prefixed with an apostrophe. Reversed gifts are included with the day they were reversed. Audited.',
        security: BEARER,
        produces: ['text/csv'],
        response: {
          200: {
            description: 'The CSV file',
            content: { 'text/csv': { schema: z.custom<NodeJS.ReadableStream>().meta({ type: 'string' }) } },
          },
          ...refusals(401, 403),
        },
      },
    },
    async (req, reply) => {
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${giftsCsvFilename(deps.now())}"`)
        .header('cache-control', 'no-store');
      return reply.send(giftsCsv(deps, actorOfRequest(req)));
    },
  );

  // Statements: multipart, in a scope of their own.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    await scope.register(multipart, {
      limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 4096, parts: 6 },
    });
    scope.addHook('onError', async (_req, reply) => {
      reply.header('connection', 'close');
    });
    scope.post(
      '/api/statements',
      {
        onRequest: finance,
        config: {
          budget: 'staff',
          openapiFiles: {
            field: 'file',
            many: false,
            fields: {
              mapping:
                'Optional JSON {date, narration, credit, debit?, reference?, balance?}: the header text of each column',
            },
          },
        },
        schema: {
          tags,
          operationId: 'importStatement',
          summary: 'Import a bank statement and match its credits to pledges',
          description: `CSV, Excel (.xlsx) or GTBank's .xls export (an HTML table), at most 5 MB. The usual column names of Nigerian banks are recognised; otherwise the answer is 400 with \`header\`, the columns to map, and a mapping sent once is remembered for files with the same header. Debit lines are ignored. Each credit line is stored once (by date, amount, narration and balance or reference), so importing the same or an overlapping statement again adds nothing. A file that cannot be read stores nothing; a row that cannot be read is reported in \`problems\` by its row number.`,
          security: BEARER,
          response: {
            200: answer('Imported', importAnswer, { example: STATEMENT_IMPORTED_EXAMPLE }),
            ...refusals(400, 401, 403),
          },
        },
      },
      async (req, reply) => {
        const { file, mapping } = await receiveStatement(req);
        try {
          return await importStatement(deps, file, mapping, actorOfRequest(req));
        } catch (error) {
          if (error instanceof StatementRefusal && error.header)
            return reply.status(400).send({ message: error.message, header: error.header });
          throw error;
        }
      },
    );
  });

  app.get(
    '/api/statements/:id/lines',
    {
      config: { budget: 'staff' },
      onRequest: finance,
      schema: {
        tags,
        operationId: 'listStatementLines',
        summary: "A statement's credit lines with their matches",
        description:
          "Each line with its suggested or paid pledge and the match's kind: 'sure' (the reference), 'likely' (amount, name and date) or null.",
        security: BEARER,
        params: id,
        response: {
          200: answer('The lines, in file order', statementLinesAnswer, { example: STATEMENT_LINES_EXAMPLE }),
          ...refusals(400, 401, 403, 404),
        },
      },
    },
    async (req) => ({ lines: await statementLines(deps, req.params.id) }),
  );

  app.post(
    '/api/statements/:id/confirm',
    {
      onRequest: finance,
      config: { budget: 'staff', openapiExample: { lineIds: ['0193a1b2-0000-7000-8000-000000000001'] } },
      schema: {
        tags,
        operationId: 'confirmStatementLines',
        summary: "Accept these lines' suggested matches",
        description:
          'Each line becomes a gift to its pledge; the campaign total and supporters move in the same transaction. A line already decided (by someone else, or twice in the list) is skipped: a line pays at most one gift.',
        security: BEARER,
        params: id,
        body: statementConfirmInput,
        response: {
          200: answer('Confirmed', linesConfirmed, { example: LINES_CONFIRMED_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403, 404),
        },
      },
    },
    (req) => confirmLines(deps, req.params.id, req.body.lineIds, actorOfRequest(req)),
  );

  app.put(
    '/api/statement-lines/:id',
    {
      onRequest: finance,
      config: { budget: 'staff', openapiExample: { action: 'generalFund', name: 'Halima Yusuf' } },
      schema: {
        tags,
        operationId: 'decideStatementLine',
        summary: 'Decide about one credit line',
        description:
          "'gift' assigns it to a campaign as a gift without a pledge (`name` empty for an anonymous supporter); 'pledge' to a pledge (`pledgeId`: its id or its payment reference); 'generalFund' records it as a gift to the foundation's general fund (`name` optional): the gift has no campaign, moves no campaign's total, never shows on a supporter wall, and `gifts.csv` writes \"General fund\" in its Campaign column; 'notDonation' sets it aside (bank levies, transfers between the foundation's accounts); 'settlement' marks it as Paystack paying out online gifts (linked to the gifts whose nets add up to it; no total moves); 'open' takes a decision back, with the gift it made or the gifts a settlement was linked to.",
        security: BEARER,
        params: id,
        body: lineDecisionInput,
        response: {
          200: answer('Decided', lineDecided, { example: LINE_DECIDED_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403, 404, 409),
        },
      },
    },
    (req) => decideLine(deps, req.params.id, req.body, actorOfRequest(req)),
  );
}

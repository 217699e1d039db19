/** The spec's REST paths for the public forms and their review; same services and schemas as tRPC. */
import { z } from 'zod';
import { SUBMISSION_TYPES } from '../../shared/constants';
import { FORM_PAGES, SENT_PARAM } from '../../shared/form-echo';
import {
  advocateRecord,
  contactRecord,
  newsletterRecord,
  noteAdded,
  notesAnswer,
  partnerRecord,
  registeredAnswer,
  statusUpdated,
  submissionDeleted,
  submissionListAnswer,
  volunteerRecord,
} from '../../shared/schemas/answers';
import {
  exportInput,
  noteInput,
  statusTargetInput,
  statusUpdateInput,
  submissionFilters,
  submissionListQuery,
  submissionTargetInput,
} from '../../shared/schemas/submissions';
import { actorOfRequest, requireStaff } from '../auth/guards';
import type { Deps } from '../deps';
import { ValidationError } from '../errors';
import {
  ADVOCATE_EXAMPLE,
  CONTACT_EXAMPLE,
  FORM_CLIENT_ID_EXAMPLE,
  NEWSLETTER_EXAMPLE,
  NOTE_ADDED_EXAMPLE,
  NOTE_EXAMPLE,
  NOTES_EXAMPLE,
  PARTNER_EXAMPLE,
  REGISTERED_EXAMPLES,
  STATUS_EXAMPLE,
  STATUS_UPDATED_EXAMPLE,
  SUBMISSION_DELETED_EXAMPLE,
  SUBMISSION_LISTS_EXAMPLE,
  VOLUNTEER_EXAMPLE,
} from '../http/api-examples';
import type { Pages } from '../http/page-answers';
import { answer, BEARER, BODY_REFUSALS, formRefusal, refusals, seeOther } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { csvFilename, exportCsv } from './export';
import { FORM_CONTENT_TYPE, formInput, isFormPost, parseFormBody } from './form-post';
import { type InputOf, KINDS, type KindName } from './kinds';
import { addNote, listNotes } from './notes';
import { deleteSubmission, listSubmissions, registerSubmission, updateStatus } from './service';

const tags = ['submissions'];

/** What the document says of each form, beside the kind's own schema. */
const FORMS = {
  volunteer: {
    operationId: 'registerVolunteer',
    summary: 'Apply as a volunteer',
    example: { ...VOLUNTEER_EXAMPLE, clientId: FORM_CLIENT_ID_EXAMPLE },
    record: volunteerRecord,
  },
  partner: {
    operationId: 'registerPartner',
    summary: 'Apply as a partner organisation',
    example: { ...PARTNER_EXAMPLE, clientId: FORM_CLIENT_ID_EXAMPLE },
    record: partnerRecord,
  },
  advocate: {
    operationId: 'registerAdvocate',
    summary: 'Sign up as an advocate',
    example: { ...ADVOCATE_EXAMPLE, clientId: FORM_CLIENT_ID_EXAMPLE },
    record: advocateRecord,
  },
  contact: {
    operationId: 'registerContact',
    summary: 'Send a message to the foundation',
    example: { ...CONTACT_EXAMPLE, clientId: FORM_CLIENT_ID_EXAMPLE },
    record: contactRecord,
  },
  newsletter: {
    operationId: 'subscribeNewsletter',
    summary: 'Subscribe to the newsletter',
    example: { ...NEWSLETTER_EXAMPLE, clientId: FORM_CLIENT_ID_EXAMPLE },
    record: newsletterRecord,
  },
} satisfies Record<KindName, { operationId: string; summary: string; example: object; record: z.ZodType }>;

/**
 * POST /api/submissions/{name}/register: validated by the kind's schema, answered 201. Posted as
 * an HTML form (before the page's script has loaded), it is answered with the form's page: 303 to
 * it with `?sent=` after a success, or the page again, 400, with what was sent and why it was
 * refused. TypeScript cannot tie a generic kind to its own schema's output, hence the casts.
 */
function formRoute<K extends KindName>(app: ZodApp, deps: Deps, pages: Pages, name: K) {
  const { operationId, summary, example, record } = FORMS[name];
  app.post(
    `/api/submissions/${name}/register`,
    {
      // A form post's refusal is answered with a page, a JSON post's with the error as always.
      attachValidation: true,
      preValidation: async (req) => {
        if (isFormPost(req))
          req.body = formInput(KINDS[name].input, req.body as Record<string, string | string[]>) as typeof req.body;
      },
      config: { budget: 'form', openapiExample: example },
      schema: {
        tags,
        operationId,
        summary,
        description: `${
          KINDS[name].unique
            ? `Every address gets the same answer with \`data: null\`, whether it was on the list or not; a known address is left as it is (an unsubscribed one stays unsubscribed). An address not yet confirmed is mailed a confirmation link, at most once a day per mailbox (the address without its +tag, in any case). `
            : ''
        }A filled-in \`website\` field (the honeypot) is answered the same but nothing is stored; \`data\` is then null. With \`clientId\` (optional, a UUID the sender makes for one filled form) a form sent again, by a retry or from a phone that kept it offline, is stored once: the repeat is answered as the first time and causes no second mail; the same \`clientId\` with other content is refused with 409 and nothing stored is shown.`,
        body: KINDS[name].input,
        consumes: ['application/json', FORM_CONTENT_TYPE],
        response: {
          201: answer('Received', registeredAnswer(record), { example: REGISTERED_EXAMPLES[name] }),
          303: seeOther(`Received from an HTML form: Location is the form's page with ?${SENT_PARAM}=${name}`),
          ...refusals(...BODY_REFUSALS, 409),
          400: formRefusal(),
        },
      },
    },
    async (req, reply) => {
      // Without pages to answer with (an API-only server), a form post is answered as JSON.
      const form = isFormPost(req) && pages.rendered;
      const refuse = (error: ValidationError) =>
        pages.sendForm(req, reply, {
          kind: name,
          values: req.body as Record<string, unknown>,
          message: error.message,
          errors: error.errors,
        });
      if (req.validationError) {
        if (form && req.validationError instanceof ValidationError) return refuse(req.validationError);
        throw req.validationError;
      }
      try {
        const answer = await registerSubmission(deps, name, req.body as InputOf<K>);
        if (form) return reply.redirect(`${FORM_PAGES[name]}?${SENT_PARAM}=${name}`, 303);
        return reply.status(201).send(answer);
      } catch (error) {
        if (form && error instanceof ValidationError) return refuse(error);
        throw error;
      }
    },
  );
}

export async function submissionsRest(app: ZodApp, deps: Deps, pages: Pages): Promise<void> {
  // The forms, which also take HTML form posts (their own body parser, in their own scope).
  await app.register(async (forms: ZodApp) => {
    forms.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_req, body, done) =>
      done(null, parseFormBody(body as string)),
    );
    for (const name of SUBMISSION_TYPES) formRoute(forms, deps, pages, name);
  });

  const review = requireStaff(deps, 'submissions.review');

  app.get(
    '/api/submissions',
    {
      config: { budget: 'staff' },
      onRequest: review,
      schema: {
        tags,
        operationId: 'listSubmissions',
        summary: 'Submissions by type, newest first, a page at a time',
        description:
          "Without parameters, the newest 100 of each type. `limit` sets how many per type (at most 500). To go on with one list, send `type` and `before` set to that list's `next` cursor; the other lists then come back empty. `counts` always holds the totals.",
        security: BEARER,
        querystring: submissionListQuery,
        response: {
          200: answer('The five lists', submissionListAnswer, { example: SUBMISSION_LISTS_EXAMPLE }),
          ...refusals(400, 401, 403),
        },
      },
    },
    (req) => listSubmissions(deps, req.query),
  );

  app.put(
    '/api/submissions/:type/:id/status',
    {
      onRequest: review,
      config: { budget: 'staff', openapiExample: STATUS_EXAMPLE },
      schema: {
        tags,
        operationId: 'setSubmissionStatus',
        summary: 'Set the status of a submission',
        description:
          'volunteer, partner and advocate take pending, approved or rejected; newsletter takes active or unsubscribed. Contact messages have no status.',
        security: BEARER,
        params: statusTargetInput,
        body: statusUpdateInput,
        response: {
          200: answer('The status is set', statusUpdated, { example: STATUS_UPDATED_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403, 404),
        },
      },
    },
    (req) => updateStatus(deps, req.params.type, req.params.id, req.body.status, actorOfRequest(req)),
  );

  app.delete(
    '/api/submissions/:type/:id',
    {
      config: { budget: 'staff' },
      onRequest: requireStaff(deps, 'submissions.delete'),
      schema: {
        tags,
        operationId: 'deleteSubmission',
        summary: 'Delete a submission for good',
        description: 'For an erasure request: the entry is gone and cannot be restored. The deletion is audited.',
        security: BEARER,
        params: submissionTargetInput,
        response: {
          200: answer('Deleted', submissionDeleted, { example: SUBMISSION_DELETED_EXAMPLE }),
          ...refusals(400, 401, 403, 404),
        },
      },
    },
    (req) => deleteSubmission(deps, req.params.type, req.params.id, actorOfRequest(req)),
  );

  app.get(
    '/api/submissions/:type.csv',
    {
      config: { budget: 'staff' },
      onRequest: review,
      schema: {
        tags,
        operationId: 'exportSubmissions',
        summary: "One type's submissions as CSV, newest first",
        description:
          'UTF-8 with a byte-order mark, so spreadsheet programs read every character right. Lists are joined with "; ". A cell holding a line break is quoted, and any line of a cell that starts with =, +, -, @, a tab or a carriage return is prefixed with an apostrophe so a spreadsheet never runs it as a formula. `q` and `status` narrow the rows as on the dashboard. The export is audited.',
        security: BEARER,
        params: exportInput.pick({ type: true }),
        querystring: submissionFilters,
        produces: ['text/csv'],
        response: {
          200: {
            description: 'The CSV file',
            content: { 'text/csv': { schema: z.custom<NodeJS.ReadableStream>().meta({ type: 'string' }) } },
          },
          ...refusals(400, 401, 403),
        },
      },
    },
    async (req, reply) => {
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFilename(req.params.type, deps.now())}"`)
        .header('cache-control', 'no-store');
      return reply.send(exportCsv(deps, req.params.type, req.query, actorOfRequest(req)));
    },
  );

  app.get(
    '/api/submissions/:type/:id/notes',
    {
      config: { budget: 'staff' },
      onRequest: review,
      schema: {
        tags,
        operationId: 'listSubmissionNotes',
        summary: "A submission's internal notes, oldest first",
        security: BEARER,
        params: submissionTargetInput,
        response: {
          200: answer('The notes', notesAnswer, { example: NOTES_EXAMPLE }),
          ...refusals(400, 401, 403, 404),
        },
      },
    },
    async (req) => ({ notes: await listNotes(deps, req.params.type, req.params.id) }),
  );

  app.post(
    '/api/submissions/:type/:id/notes',
    {
      onRequest: review,
      config: { budget: 'staff', openapiExample: NOTE_EXAMPLE },
      schema: {
        tags,
        operationId: 'addSubmissionNote',
        summary: 'Add an internal note to a submission',
        description: 'Staff only: the sender never sees notes. The note keeps its author and time.',
        security: BEARER,
        params: submissionTargetInput,
        body: noteInput.pick({ body: true }),
        response: {
          201: answer('Added', noteAdded, { example: NOTE_ADDED_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403, 404),
        },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await addNote(deps, req.user!, { ...req.params, ...req.body }, actorOfRequest(req))),
  );
}

/** The spec's REST paths for the public forms and their review; same services and schemas as tRPC. */
import type { z } from 'zod';
import { SUBMISSION_TYPES } from '../../shared/constants';
import {
  advocateRecord,
  contactRecord,
  newsletterRecord,
  partnerRecord,
  registeredAnswer,
  statusUpdated,
  submissionDeleted,
  submissionListAnswer,
  volunteerRecord,
} from '../../shared/schemas/answers';
import {
  statusTargetInput,
  statusUpdateInput,
  submissionListQuery,
  submissionTargetInput,
} from '../../shared/schemas/submissions';
import type { Deps } from '../deps';
import {
  ADVOCATE_EXAMPLE,
  CONTACT_EXAMPLE,
  NEWSLETTER_EXAMPLE,
  PARTNER_EXAMPLE,
  STATUS_EXAMPLE,
  VOLUNTEER_EXAMPLE,
} from '../http/api-examples';
import { actorOfRequest, requireAdmin } from '../http/auth-hook';
import { answer, BEARER, BODY_REFUSALS, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { type InputOf, KINDS, type KindName } from './kinds';
import { deleteSubmission, listSubmissions, registerSubmission, updateStatus } from './service';

const tags = ['submissions'];

/** What the document says of each form, beside the kind's own schema. */
const FORMS = {
  volunteer: {
    operationId: 'registerVolunteer',
    summary: 'Apply as a volunteer',
    example: VOLUNTEER_EXAMPLE,
    record: volunteerRecord,
  },
  partner: {
    operationId: 'registerPartner',
    summary: 'Apply as a partner organisation',
    example: PARTNER_EXAMPLE,
    record: partnerRecord,
  },
  advocate: {
    operationId: 'registerAdvocate',
    summary: 'Sign up as an advocate',
    example: ADVOCATE_EXAMPLE,
    record: advocateRecord,
  },
  contact: {
    operationId: 'registerContact',
    summary: 'Send a message to the foundation',
    example: CONTACT_EXAMPLE,
    record: contactRecord,
  },
  newsletter: {
    operationId: 'subscribeNewsletter',
    summary: 'Subscribe to the newsletter',
    example: NEWSLETTER_EXAMPLE,
    record: newsletterRecord,
  },
} satisfies Record<KindName, { operationId: string; summary: string; example: object; record: z.ZodType }>;

/**
 * POST /api/submissions/{name}/register: validated by the kind's schema, answered 201.
 * TypeScript cannot tie a generic kind to its own schema's output, hence the one cast.
 */
function formRoute<K extends KindName>(app: ZodApp, deps: Deps, name: K) {
  const { operationId, summary, example, record } = FORMS[name];
  app.post(
    `/api/submissions/${name}/register`,
    {
      config: { openapiExample: example, publicWrite: true },
      schema: {
        tags,
        operationId,
        summary,
        description: `${
          KINDS[name].unique
            ? `Every address gets the same answer with \`data: null\`, whether it was on the list or not; a known address is left as it is (an unsubscribed one stays unsubscribed). `
            : ''
        }A filled-in \`website\` field (the honeypot) is answered the same but nothing is stored; \`data\` is then null.`,
        body: KINDS[name].input,
        response: { 201: answer('Received', registeredAnswer(record)), ...refusals(...BODY_REFUSALS) },
      },
    },
    async (req, reply) => reply.status(201).send(await registerSubmission(deps, name, req.body as InputOf<K>)),
  );
}

export async function submissionsRest(app: ZodApp, deps: Deps): Promise<void> {
  for (const name of SUBMISSION_TYPES) formRoute(app, deps, name);

  const onRequest = requireAdmin(deps);

  app.get(
    '/api/submissions',
    {
      onRequest,
      schema: {
        tags,
        operationId: 'listSubmissions',
        summary: 'Submissions by type, newest first, a page at a time',
        description:
          "Without parameters, the newest 100 of each type. `limit` sets how many per type (at most 500). To go on with one list, send `type` and `before` set to that list's `next` cursor; the other lists then come back empty. `counts` always holds the totals.",
        security: BEARER,
        querystring: submissionListQuery,
        response: { 200: answer('The five lists', submissionListAnswer), ...refusals(400, 401) },
      },
    },
    (req) => listSubmissions(deps, req.query),
  );

  app.put(
    '/api/submissions/:type/:id/status',
    {
      onRequest,
      config: { openapiExample: STATUS_EXAMPLE },
      schema: {
        tags,
        operationId: 'setSubmissionStatus',
        summary: 'Set the status of a submission',
        description:
          'volunteer, partner and advocate take pending, approved or rejected; newsletter takes active or unsubscribed. Contact messages have no status.',
        security: BEARER,
        params: statusTargetInput,
        body: statusUpdateInput,
        response: { 200: answer('The status is set', statusUpdated), ...refusals(...BODY_REFUSALS, 401, 404) },
      },
    },
    (req) => updateStatus(deps, req.params.type, req.params.id, req.body.status, actorOfRequest(req)),
  );

  app.delete(
    '/api/submissions/:type/:id',
    {
      onRequest,
      schema: {
        tags,
        operationId: 'deleteSubmission',
        summary: 'Delete a submission for good',
        description: 'For an erasure request: the entry is gone and cannot be restored. The deletion is audited.',
        security: BEARER,
        params: submissionTargetInput,
        response: { 200: answer('Deleted', submissionDeleted), ...refusals(400, 401, 404) },
      },
    },
    (req) => deleteSubmission(deps, req.params.type, req.params.id, actorOfRequest(req)),
  );
}

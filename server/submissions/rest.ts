/** The spec's REST paths for the public forms and their review; same services and schemas as tRPC. */
import type { z } from 'zod';
import {
  advocateRecord,
  contactRecord,
  newsletterRecord,
  partnerRecord,
  registeredAnswer,
  statusUpdated,
  submissionLists,
  volunteerRecord,
} from '../../shared/schemas/answers';
import {
  advocateInput,
  contactInput,
  newsletterInput,
  partnerInput,
  statusTargetInput,
  statusUpdateInput,
  volunteerInput,
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
import { requireAdmin } from '../http/auth-hook';
import { answer, BEARER, BODY_REFUSALS, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import {
  listSubmissions,
  registerAdvocate,
  registerContact,
  registerPartner,
  registerVolunteer,
  subscribeNewsletter,
  updateStatus,
} from './service';

const tags = ['submissions'];

/** The options of one public form's route: its schema, example and answer, for the document. */
const formRoute = <I extends z.ZodType, R extends z.ZodType>(
  operationId: string,
  summary: string,
  input: I,
  example: object,
  record: R,
) => ({
  config: { openapiExample: example },
  schema: {
    tags,
    operationId,
    summary,
    description:
      'A filled-in `website` field (the honeypot) is answered the same but nothing is stored; `data` is then null.',
    body: input,
    response: { 201: answer('Received', registeredAnswer(record)), ...refusals(...BODY_REFUSALS) },
  },
});

const registerPath = (type: string) => `/api/submissions/${type}/register`;

export async function submissionsRest(app: ZodApp, deps: Deps): Promise<void> {
  app.post(
    registerPath('volunteer'),
    formRoute('registerVolunteer', 'Apply as a volunteer', volunteerInput, VOLUNTEER_EXAMPLE, volunteerRecord),
    async (req, reply) => reply.status(201).send(await registerVolunteer(deps, req.body)),
  );
  app.post(
    registerPath('partner'),
    formRoute('registerPartner', 'Apply as a partner organisation', partnerInput, PARTNER_EXAMPLE, partnerRecord),
    async (req, reply) => reply.status(201).send(await registerPartner(deps, req.body)),
  );
  app.post(
    registerPath('advocate'),
    formRoute('registerAdvocate', 'Sign up as an advocate', advocateInput, ADVOCATE_EXAMPLE, advocateRecord),
    async (req, reply) => reply.status(201).send(await registerAdvocate(deps, req.body)),
  );
  app.post(
    registerPath('contact'),
    formRoute('registerContact', 'Send a message to the foundation', contactInput, CONTACT_EXAMPLE, contactRecord),
    async (req, reply) => reply.status(201).send(await registerContact(deps, req.body)),
  );
  app.post(
    registerPath('newsletter'),
    formRoute(
      'subscribeNewsletter',
      'Subscribe to the newsletter',
      newsletterInput,
      NEWSLETTER_EXAMPLE,
      newsletterRecord,
    ),
    async (req, reply) => reply.status(201).send(await subscribeNewsletter(deps, req.body)),
  );

  const onRequest = requireAdmin(deps);

  app.get(
    '/api/submissions',
    {
      onRequest,
      schema: {
        tags,
        operationId: 'listSubmissions',
        summary: 'Every submission, newest first, by type',
        security: BEARER,
        response: { 200: answer('The five lists', submissionLists), ...refusals(401) },
      },
    },
    () => listSubmissions(deps),
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
    (req) => updateStatus(deps, req.params.type, req.params.id, req.body.status),
  );
}

/**
 * REST paths of newsletter editions, for staff with newsletter.send: each calls the same service
 * with the same schema as its tRPC twin (router.ts).
 */
import {
  edition,
  editionDeleted,
  editionId,
  editionInput,
  editionListQuery,
  editionPage,
  editionSaved,
  editionSendBody,
  editionTested,
} from '../../../shared/schemas/editions';
import { actorOfRequest, requireStaff } from '../../auth/guards';
import type { Deps } from '../../deps';
import {
  EDITION_DELETED_EXAMPLE,
  EDITION_EXAMPLE,
  EDITION_INPUT_EXAMPLE,
  EDITION_PAGE_EXAMPLE,
  EDITION_SAVED_EXAMPLE,
  EDITION_SENDING_EXAMPLE,
  EDITION_TESTED_EXAMPLE,
} from '../../http/api-examples';
import { answer, BEARER, BODY_REFUSALS, refusals } from '../../http/route-docs';
import type { ZodApp } from '../../http/zod-schemas';
import { pauseEdition, resumeEdition, sendEdition } from './sending';
import { createEdition, deleteEdition, getEdition, listEditions, testEdition, updateEdition } from './service';

const tags = ['newsletter editions'];

export async function editionsRest(app: ZodApp, deps: Deps): Promise<void> {
  const onRequest = requireStaff(deps, 'newsletter.send');
  const config = { budget: 'staff' } as const;

  app.get(
    '/api/newsletters',
    {
      config,
      onRequest,
      schema: {
        tags,
        operationId: 'listNewsletters',
        summary: 'Newsletter editions, newest first, a page at a time',
        description: 'Without bodies: see GET /api/newsletters/{id}.',
        security: BEARER,
        querystring: editionListQuery,
        response: {
          200: answer('A page of editions', editionPage, { example: EDITION_PAGE_EXAMPLE }),
          ...refusals(400, 401, 403),
        },
      },
    },
    (req) => listEditions(deps, req.query),
  );

  app.post(
    '/api/newsletters',
    {
      config: { ...config, openapiExample: EDITION_INPUT_EXAMPLE },
      onRequest,
      schema: {
        tags,
        operationId: 'createNewsletter',
        summary: 'Write a new edition (a draft)',
        description:
          'Markdown bodies, at most 200 kB each, quotes and lists at most 8 deep, at most 500 runs of *, _ or ~ a paragraph (none longer than 64), rendered within 10 seconds: past any of these the body is refused (400, naming it). The Hausa subject and body come together or not at all: without them Hausa readers get the English. Scripts, event handlers, javascript: and data: links and images from other sites are removed when it is rendered, once, at each save.',
        security: BEARER,
        body: editionInput,
        response: {
          201: answer('Saved as a draft', editionSaved, { example: EDITION_SAVED_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403),
        },
      },
    },
    async (req, reply) => reply.status(201).send(await createEdition(deps, req.body, actorOfRequest(req))),
  );

  app.get(
    '/api/newsletters/:id',
    {
      config,
      onRequest,
      schema: {
        tags,
        operationId: 'getNewsletter',
        summary: 'One edition, with where its send stands',
        description:
          "`status`: 'draft', 'scheduled', 'sending', 'paused' or 'sent'. `counts.recipients` is who it would reach (before sending) or reaches; `queued`, `sent` and `failed` follow its messages.",
        security: BEARER,
        params: editionId,
        response: {
          200: answer('The edition', edition, { example: EDITION_EXAMPLE }),
          ...refusals(400, 401, 403, 404),
        },
      },
    },
    (req) => getEdition(deps, req.params.id),
  );

  app.put(
    '/api/newsletters/:id',
    {
      config: { ...config, openapiExample: EDITION_INPUT_EXAMPLE },
      onRequest,
      schema: {
        tags,
        operationId: 'updateNewsletter',
        summary: 'Replace an edition not yet sent',
        description:
          'A draft, or a scheduled (or paused) edition not yet started; once sending began it is refused (409). The bodies are refused as on creation (400).',
        security: BEARER,
        params: editionId,
        body: editionInput,
        response: {
          200: answer('Saved', editionSaved, { example: EDITION_SAVED_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403, 404, 409),
        },
      },
    },
    (req) => updateEdition(deps, req.params.id, req.body, actorOfRequest(req)),
  );

  app.delete(
    '/api/newsletters/:id',
    {
      config,
      onRequest,
      schema: {
        tags,
        operationId: 'deleteNewsletter',
        summary: 'Delete a draft',
        description: 'Only a draft: a scheduled or sent edition is refused (409).',
        security: BEARER,
        params: editionId,
        response: {
          200: answer('Deleted', editionDeleted, { example: EDITION_DELETED_EXAMPLE }),
          ...refusals(400, 401, 403, 404, 409),
        },
      },
    },
    (req) => deleteEdition(deps, req.params.id, actorOfRequest(req)),
  );

  app.post(
    '/api/newsletters/:id/test',
    {
      config,
      onRequest,
      schema: {
        tags,
        operationId: 'testNewsletter',
        summary: 'Send the edition to me as a test',
        description:
          'To the signed-in account, once in each language the edition has text in, marked as a test. Subscribers get nothing.',
        security: BEARER,
        params: editionId,
        response: {
          200: answer('Queued', editionTested, { example: EDITION_TESTED_EXAMPLE }),
          ...refusals(400, 401, 403, 404),
        },
      },
    },
    (req) => testEdition(deps, req.params.id, req.user!, actorOfRequest(req)),
  );

  app.post(
    '/api/newsletters/:id/send',
    {
      config: { ...config, openapiExample: { at: '2026-12-01T07:00:00+01:00' } },
      onRequest,
      schema: {
        tags,
        operationId: 'sendNewsletter',
        summary: 'Send the edition now, or at a time',
        description:
          'Without `at` (or with a time within a minute of now) sending starts at once, to every confirmed, active subscriber, each in their language, no faster than MAIL_PER_MINUTE. With a later `at` the edition is scheduled. An edition is sent once: a second send is refused (409).',
        security: BEARER,
        params: editionId,
        // No body at all means now: Fastify reads a POST without one as null.
        body: editionSendBody.nullish(),
        response: {
          202: answer('Sending, or scheduled', editionSaved, { example: EDITION_SENDING_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403, 404, 409),
        },
      },
    },
    async (req, reply) =>
      reply.status(202).send(await sendEdition(deps, { id: req.params.id, at: req.body?.at }, actorOfRequest(req))),
  );

  for (const [action, operationId, summary, run] of [
    ['pause', 'pauseNewsletter', 'Pause an edition being sent', pauseEdition],
    ['resume', 'resumeNewsletter', 'Resume a paused edition', resumeEdition],
  ] as const) {
    app.post(
      `/api/newsletters/:id/${action}`,
      {
        config,
        onRequest,
        schema: {
          tags,
          operationId,
          summary,
          description:
            action === 'pause'
              ? 'Nothing more is queued or sent until it is resumed; a message already with the mail server goes on. A scheduled edition paused goes back to being a draft (its schedule cancelled). Only an edition being sent or scheduled (409 otherwise).'
              : 'Sending goes on where it stopped, to no one twice. Only a paused edition (409 otherwise).',
          security: BEARER,
          params: editionId,
          response: {
            200: answer(action === 'pause' ? 'Paused' : 'Sending again', editionSaved, {
              example:
                action === 'pause'
                  ? { ...EDITION_SENDING_EXAMPLE, message: 'Sending is paused' }
                  : EDITION_SENDING_EXAMPLE,
            }),
            ...refusals(400, 401, 403, 404, 409),
          },
        },
      },
      (req) => run(deps, req.params.id, actorOfRequest(req)),
    );
  }
}

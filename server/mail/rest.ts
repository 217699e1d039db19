/**
 * REST paths of the mail outbox, for admins: each calls the same service with the same schema as
 * its tRPC twin (router.ts).
 */
import { outboxId, outboxListQuery, outboxMessage, outboxPage, outboxRetried } from '../../shared/schemas/outbox';
import { actorOfRequest, requireStaff } from '../auth/guards';
import type { Deps } from '../deps';
import { OUTBOX_MESSAGE_EXAMPLE, OUTBOX_PAGE_EXAMPLE, OUTBOX_RETRIED_EXAMPLE } from '../http/api-examples';
import { answer, BEARER, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { getOutboxMessage, listOutbox, retryOutboxMessage } from './outbox-admin';

const tags = ['outbox'];

export async function outboxRest(app: ZodApp, deps: Deps): Promise<void> {
  const onRequest = requireStaff(deps, 'outbox.manage');

  app.get(
    '/api/outbox',
    {
      config: { budget: 'staff' },
      onRequest,
      schema: {
        tags,
        operationId: 'listOutbox',
        summary: 'Messages of the outbox, newest first, a page at a time',
        description:
          "`status`: 'queued' (waiting, new or after a failed attempt), 'sending', 'sent' (accepted by the mail server, or kept as a file without SMTP_URL) or 'failed'. No bodies: see GET /api/outbox/{id}.",
        security: BEARER,
        querystring: outboxListQuery,
        response: {
          200: answer('A page of messages', outboxPage, { example: OUTBOX_PAGE_EXAMPLE }),
          ...refusals(400, 401, 403),
        },
      },
    },
    (req) => listOutbox(deps, req.query),
  );

  app.get(
    '/api/outbox/:id',
    {
      config: { budget: 'staff' },
      onRequest,
      schema: {
        tags,
        operationId: 'getOutboxMessage',
        summary: 'One message, with its HTML and plain-text parts',
        security: BEARER,
        params: outboxId,
        response: {
          200: answer('The message', outboxMessage, { example: OUTBOX_MESSAGE_EXAMPLE }),
          ...refusals(400, 401, 403, 404),
        },
      },
    },
    async (req, reply) => {
      // A body names a person: never kept by a cache on the way.
      reply.header('cache-control', 'no-store');
      return getOutboxMessage(deps, req.params.id);
    },
  );

  app.post(
    '/api/outbox/:id/retry',
    {
      config: { budget: 'staff' },
      onRequest,
      schema: {
        tags,
        operationId: 'retryOutboxMessage',
        summary: 'Send a failed or queued message now',
        description:
          'The message is queued, due now, and tried again for a day from now. A message sent or being sent is refused (409): it would go out twice. Audited.',
        security: BEARER,
        params: outboxId,
        response: {
          200: answer('Queued again', outboxRetried, { example: OUTBOX_RETRIED_EXAMPLE }),
          ...refusals(400, 401, 403, 404, 409),
        },
      },
    },
    (req) => retryOutboxMessage(deps, req.params.id, actorOfRequest(req)),
  );
}

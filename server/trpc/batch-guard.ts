/**
 * What a tRPC request may carry. The site batches queries (a page asks for a few things at once)
 * and sends every mutation alone, so a batch with a mutation, or a long one, is not the site's:
 * one request must not carry many sign-in guesses or form posts past the per-request limits.
 */
import type { FastifyRequest } from 'fastify';
import { MAX_TRPC_BATCH } from '../../shared/constants';
import { t } from '../../shared/messages';
import { ValidationError } from '../errors';
import { TRPC_ROUTE, trpcProcedures } from '../http/rate-limit';

/** onRequest hook: refuses with 400 before the body is read or any procedure runs. */
export async function guardTrpcBatch(req: FastifyRequest): Promise<void> {
  if (req.routeOptions.url !== TRPC_ROUTE) return;
  // Read as tRPC reads it, so the two never disagree on what is a batch.
  const batched = new URLSearchParams(req.url.split('?')[1] ?? '').get('batch') === '1';
  const names = trpcProcedures(req);
  const allowed = batched ? req.method === 'GET' && names.length <= MAX_TRPC_BATCH : names.length === 1;
  if (!allowed) throw new ValidationError(t('request.batchRefused', { max: MAX_TRPC_BATCH }));
}

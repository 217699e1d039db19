/**
 * The one place REST errors become status codes and `{message}` bodies. Each carries the
 * request's id (`requestId`, also in the X-Request-Id header) for the visitor to quote.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { t } from '../../shared/messages';
import { DomainError, ServiceUnavailableError, TooManyRequestsError, ValidationError } from '../errors';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const requestId = req.id;
    if (error instanceof DomainError) {
      const body =
        error instanceof ValidationError && error.errors.length > 0
          ? { message: error.message, errors: error.errors, requestId }
          : { message: error.message, requestId };
      const refusal: DomainError = error;
      const retryAfter =
        refusal instanceof TooManyRequestsError || refusal instanceof ServiceUnavailableError
          ? refusal.retryAfter
          : undefined;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send(body);
    }
    // Fastify's own client errors: malformed JSON, unsupported content type, body too large, rate limit.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 429
          ? t('request.tooMany')
          : status === 413
            ? error.message
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? error.message
              : t('request.invalid');
      return reply.status(status).send({ message, requestId });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: t('server.error'), requestId });
  });
}

/** The one place REST errors become status codes and `{message}` bodies. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { t } from '../../shared/messages';
import { DomainError, TooManyRequestsError, ValidationError } from '../errors';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof DomainError) {
      const body =
        error instanceof ValidationError && error.errors.length > 0
          ? { message: error.message, errors: error.errors }
          : { message: error.message };
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfter));
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
      return reply.status(status).send({ message });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: t('server.error'), requestId: req.id });
  });
}

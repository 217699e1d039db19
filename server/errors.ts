/**
 * Domain errors thrown by services. One Fastify error handler and one tRPC middleware map them to
 * status codes and the `{message}` body: no route or procedure picks a refusal's status itself.
 * What is not a refusal of input sets its own status where it is made: 201 for a created record,
 * 304 for a conditional read, and the health checks' and page fallback's 503.
 */
import type { FieldIssue } from '../shared/schemas/fields';

export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 429 | 503,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(
    message: string,
    readonly errors: FieldIssue[] = [],
  ) {
    super(message, 400);
  }
}
export class UnauthorizedError extends DomainError {
  constructor(message: string) {
    super(message, 401);
  }
}
/** Signed in, but the role does not allow it (or the one-time password is still to be changed). */
export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(message, 403);
  }
}
/** The change would break a rule about what is stored: a taken email, the last admin. */
export class ConflictError extends DomainError {
  constructor(message: string) {
    super(message, 409);
  }
}
/** The record changed since the client read it: its If-Match names another version. Nothing was changed. */
export class PreconditionFailedError extends DomainError {
  constructor(message: string) {
    super(message, 412);
  }
}
export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(message, 404);
  }
}
export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(message, 413);
  }
}
export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string) {
    super(message, 415);
  }
}
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    /** Seconds until trying again makes sense: sent as Retry-After. */
    readonly retryAfter: number,
  ) {
    super(message, 429);
  }
}
/**
 * A service the request needs cannot be used now (online payment unset, or its provider down), or
 * the server is stopping and will not start the work.
 */
export class ServiceUnavailableError extends DomainError {
  constructor(
    message: string,
    /** Seconds until trying again makes sense, when known: sent as Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message, 503);
  }
}

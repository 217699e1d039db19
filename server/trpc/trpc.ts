/** The one place tRPC is created. Every procedure of the house starts from these. */
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import type { z } from 'zod';
import { t } from '../../shared/messages';
import { type FieldIssue, fieldIssues, validationMessage } from '../../shared/schemas/fields';
import { DomainError, UnauthorizedError, ValidationError } from '../errors';
import type { Context } from './context';

const CODES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
} as const;

const issuesOf = (cause: unknown): z.core.$ZodIssue[] | null =>
  cause && typeof cause === 'object' && 'issues' in cause && Array.isArray(cause.issues)
    ? (cause.issues as z.core.$ZodIssue[])
    : null;

/** The tRPC builder; `t` is the translator everywhere in this codebase. */
const builder = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const issues = issuesOf(error.cause);
    let message = shape.message;
    let fieldErrors: FieldIssue[] | undefined;
    if (issues) {
      message = validationMessage(issues);
      fieldErrors = fieldIssues(issues);
    } else if (error.cause instanceof ValidationError) {
      fieldErrors = error.cause.errors;
    } else if (error.code === 'INTERNAL_SERVER_ERROR') {
      message = t('server.error');
    }
    return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fieldErrors } };
  },
});

/** Turns the services' domain errors into tRPC errors with the same status and message. */
const mapDomainErrors = builder.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: CODES[cause.status], message: cause.message, cause });
  }
  return result;
});

export const router = builder.router;
export const createCallerFactory = builder.createCallerFactory;
export const publicProcedure = builder.procedure.use(mapDomainErrors);

/** Procedures for signed-in admins only; `ctx.admin` is non-null inside. */
export const adminProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.admin) throw new UnauthorizedError(t('auth.unauthorized'));
  return next({ ctx: { ...ctx, admin: ctx.admin } });
});

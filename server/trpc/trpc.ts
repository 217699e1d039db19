/** The one place tRPC is created. Every procedure of the house starts from these. */
import { initTRPC, TRPCError } from '@trpc/server';
import superjson, { type SuperJSONResult } from 'superjson';
import type { z } from 'zod';
import { t } from '../../shared/messages';
import type { Permission } from '../../shared/roles';
import { type FieldIssue, fieldIssues, validationMessage } from '../../shared/schemas/fields';
import { assertAllowed } from '../auth/permissions';
import { DomainError, UnauthorizedError, ValidationError } from '../errors';
import type { RequestBudget } from '../http/rate-limit';
import type { Context } from './context';

const CODES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
} as const;

const issuesOf = (cause: unknown): z.core.$ZodIssue[] | null =>
  cause && typeof cause === 'object' && 'issues' in cause && Array.isArray(cause.issues)
    ? (cause.issues as z.core.$ZodIssue[])
    : null;

/**
 * superjson walks its metadata recursively (and trusts its paths), so a crafted `meta` could
 * overflow the stack or throw internal errors. It is bounded first, without recursion; what
 * superjson still refuses is answered with the usual message, never superjson's own text.
 */
const MAX_META_DEPTH = 32;
const MAX_META_NODES = 10_000;

function assertBoundedMeta(meta: unknown) {
  const pending: [unknown, number][] = [[meta, 0]];
  let nodes = 0;
  while (pending.length) {
    const [value, depth] = pending.pop()!;
    if (++nodes > MAX_META_NODES || depth > MAX_META_DEPTH) throw new ValidationError(t('request.invalid'));
    if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key.length > 1000) throw new ValidationError(t('request.invalid'));
        pending.push([child, depth + 1]);
      }
    }
  }
}

const transformer = {
  input: {
    serialize: superjson.serialize,
    deserialize(payload: unknown) {
      if (payload && typeof payload === 'object' && 'meta' in payload) assertBoundedMeta(payload.meta);
      try {
        return superjson.deserialize(payload as SuperJSONResult);
      } catch {
        throw new ValidationError(t('request.invalid'));
      }
    },
  },
  output: superjson,
};

/**
 * What every procedure declares beside itself. `budget`: what kind of call it is, for the request
 * budgets (http/rate-limit.ts): each builder below sets it, so a procedure declares it by the
 * builder it starts from (there is no default).
 */
export interface ProcedureMeta {
  budget: RequestBudget;
}

/** The tRPC builder; `t` is the translator everywhere in this codebase. */
const builder = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer,
    errorFormatter({ shape, error, ctx }) {
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
      } else if (
        (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') &&
        !(error.cause instanceof DomainError)
      ) {
        // tRPC's own refusals (a body that is not JSON …) carry a parser's text: never shown.
        message = t('request.invalid');
      }
      // The request's id (also in the X-Request-Id header), for the visitor to quote.
      const requestId = ctx?.actor.requestId ?? undefined;
      return {
        ...shape,
        message,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fieldErrors, requestId },
      };
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
/** Joins routers into one namespace: an area adds procedures to a namespace of the access layer (auth). */
export const mergeRouters = builder.mergeRouters;
export const createCallerFactory = builder.createCallerFactory;
/** Public reads: the API budget. */
export const publicProcedure = builder.procedure.use(mapDomainErrors).meta({ budget: 'read' });

/** Public procedures that store what a visitor sends (forms, pledges): the form budget. */
export const publicFormProcedure = publicProcedure.meta({ budget: 'form' });

/** Signing in: the form budget (and the auth service's own limits on top). */
export const signInProcedure = publicProcedure.meta({ budget: 'signIn' });

/** Procedures for any signed-in staff member, even one who must still change a one-time password. */
export const signedInProcedure = publicProcedure.meta({ budget: 'staff' }).use(({ ctx, next }) => {
  if (!ctx.user) throw new UnauthorizedError(t('auth.unauthorized'));
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Procedures for staff whose role has the permission (shared/roles.ts); `ctx.user` is non-null inside. */
export const staffProcedure = (permission: Permission) =>
  signedInProcedure.use(({ ctx, next }) => {
    assertAllowed(ctx.user, permission);
    return next();
  });

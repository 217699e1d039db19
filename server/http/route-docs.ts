/**
 * Pieces of the routes' OpenAPI descriptions that many routes share: the bearer requirement and
 * the refusals, each with the shared `{message, errors?}` answer. Every route lists the statuses
 * it can answer, so a client knows them all from the document.
 */
import { z } from 'zod';
import { errorAnswer } from '../../shared/schemas/answers';

const REFUSALS = {
  400: 'The input was refused: `message` says why, `errors` names each refused field',
  401: 'No bearer token, or one that is expired or not accepted',
  403: "Signed in, but the account's role may not do this (or its one-time password must be changed first)",
  404: 'There is no such record',
  409: 'The change conflicts with what is stored: `message` says how',
  413: 'The body or a file is larger than allowed',
  415: 'The body is not of a type this path reads',
  429: 'Too many requests (or sign-in attempts): try again after the seconds the Retry-After header gives',
  500: 'The server failed; the answer carries a requestId to quote',
} as const;
type RefusalStatus = keyof typeof REFUSALS;

const refusal = (status: RefusalStatus) => ({
  description: REFUSALS[status],
  content: { 'application/json': { schema: errorAnswer } },
});

/** Every route can be rate limited or fail. */
const ALWAYS = [429, 500] as const;

/** The refusal entries of a route's `response` schema: the given statuses plus 429 and 500. */
export function refusals<S extends RefusalStatus>(...statuses: S[]) {
  const all = [...statuses, ...ALWAYS];
  return Object.fromEntries(all.map((status) => [status, refusal(status)])) as Record<
    S | (typeof ALWAYS)[number],
    ReturnType<typeof refusal>
  >;
}

/** The OpenAPI security requirement of admin routes. */
export const BEARER = [{ bearer: [] }];

/** Statuses of a route that reads a JSON body: refused input, wrong type, too large. */
export const BODY_REFUSALS = [400, 413, 415] as const;

/** The answer to a GET whose If-None-Match names the current ETag: no body. */
export const NOT_MODIFIED = z.undefined().describe('Not modified: If-None-Match named the current ETag');

/** A successful answer's entry in a route's `response` schema, with what it means. */
export const answer = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * Pieces of the routes' OpenAPI descriptions that many routes share: the bearer requirement and
 * the refusals, each with the shared `{message, errors?, requestId}` answer. Every route lists the statuses
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
  412: 'If-Match names another version than the current one: the record changed since it was read. Nothing was changed: read it again (GET), then send the change with its new ETag',
  413: 'The body or a file is larger than allowed',
  415: 'The body is not of a type this path reads',
  429: 'Too many requests (or sign-in attempts): try again after the seconds the Retry-After header gives',
  500: 'The server failed: quote the `requestId` when reporting it',
  503: 'A service this needs is not available (not configured, or not answering), or the server is stopping: `message` says which, and Retry-After when to try again',
} as const;
type RefusalStatus = keyof typeof REFUSALS;

/** A response header as the document shows it: its JSON Schema and what it means. */
export type HeaderDoc = { type: 'string' | 'integer'; minimum?: number; description: string };
export type HeaderDocs = Record<string, HeaderDoc>;

export const RETRY_AFTER: HeaderDocs = {
  'Retry-After': { type: 'integer', minimum: 0, description: 'Seconds to wait before trying again' },
};

/** The headers of a public read answered from the response cache (campaigns). */
export const CACHED: HeaderDocs = {
  ETag: {
    type: 'string',
    description:
      "The version of this answer: send it back as If-None-Match to get a 304, and a campaign's as If-Match with its PUT, so that a stale copy is refused (412)",
  },
  'Cache-Control': { type: 'string', description: '`no-cache`: keep it, but check with If-None-Match before use' },
};

/**
 * The request headers of a write that takes If-Match (server/http/preconditions.ts); its answers
 * list 412 beside the others.
 */
export const IF_MATCH = z.object({
  'if-match': z
    .string()
    .max(2048)
    .optional()
    .describe(
      'The ETag the record was read with (GET answers it). The write goes through only while the record is still that version; otherwise 412 and nothing changes. Without it nothing is checked: send it, so a stale copy cannot undo what changed since (gifts moving a total, another edit).',
    ),
});

/** The headers of an uploaded image: its bytes never change. */
export const IMMUTABLE_CACHED: HeaderDocs = {
  ETag: { type: 'string', description: 'The version of the image: send it back as If-None-Match to get a 304' },
  'Cache-Control': { type: 'string', description: '`public, max-age=31536000, immutable`' },
};

/**
 * Headers of answers that are zod schemas (a 303 or 304 without a body): the zod transform keeps
 * only their JSON Schema, so the document's transform looks their headers up here.
 */
const headersOfSchema = new WeakMap<object, HeaderDocs>();

/** The headers the document shows for a route's `response` entry, if any. */
export const headersOf = (entry: unknown): HeaderDocs | undefined =>
  typeof entry === 'object' && entry !== null
    ? (headersOfSchema.get(entry) ?? (entry as { headers?: HeaderDocs }).headers)
    : undefined;

const refusal = (status: RefusalStatus) => ({
  description: REFUSALS[status],
  content: { 'application/json': { schema: errorAnswer } },
  ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
});

/** Every route can be rate limited, fail, or be refused by an instance that is stopping. */
const ALWAYS = [429, 500, 503] as const;

/** The refusal entries of a route's `response` schema: the given statuses plus 429, 500 and 503. */
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

/** The 303 of an HTML form post: no body, the page to go to in Location. */
export const seeOther = (description: string) => {
  const schema = z.undefined().describe(description);
  headersOfSchema.set(schema, {
    Location: { type: 'string', description: 'The page to show next (a path on this site)' },
  });
  return schema;
};

/** A page of the site, for a browser (an HTML form post's refusal, a path that also serves a page). */
export const HTML_PAGE = { schema: z.string().meta({ type: 'string', description: 'An HTML page' }) };

/** A refused HTML form post: the form's page again, showing why. JSON posts get the usual answer. */
export const formRefusal = () => ({
  description: `${REFUSALS[400]}; posted as an HTML form, the form's page showing the refusal`,
  content: { 'application/json': { schema: errorAnswer }, 'text/html': HTML_PAGE },
});

/**
 * A successful answer's entry in a route's `response` schema, with what it means, an example
 * body (validated against the schema by the contract test) and the headers it carries.
 */
export const answer = <T extends z.ZodType>(
  description: string,
  schema: T,
  options: { example?: unknown; headers?: HeaderDocs; html?: boolean } = {},
) => ({
  description,
  content: {
    'application/json': { schema, ...(options.example === undefined ? {} : { example: options.example }) },
    ...(options.html ? { 'text/html': HTML_PAGE } : {}),
  },
  ...(options.headers ? { headers: options.headers } : {}),
});

/**
 * If-Match on writes (RFC 9110 §13.1.1): a client sends back the ETag it read a record with, and
 * its write goes through only while the record still reads so; otherwise 412 with the usual
 * `{message, requestId}` and nothing changes. A stale copy can then never overwrite what came in
 * since (a gift moving a campaign's total, another person's edit).
 *
 * The tag compared is the one a GET answers for the record's current state: the tag of its answer's
 * bytes (entity-tags.ts, serialised as every answer is), in any content coding it may have been
 * sent in. Comparison is strong, as the RFC asks: a weak tag (W/"…") never matches; `*` matches any
 * record that exists. Without the header nothing is checked.
 *
 * A route passes `ifMatchOf(req)` to its service, which calls it with the record as GET would
 * answer it, inside its transaction and after locking the row, so that nothing changes between the
 * check and the write. An unknown record is a 404 before any precondition (RFC 9110 §13.2.1).
 */
import type { FastifyRequest } from 'fastify';
import { t } from '../../shared/messages';
import { PreconditionFailedError } from '../errors';
import { namesTag, tagOf } from './entity-tags';
import { serializeAnswer } from './zod-schemas';

/** Throws PreconditionFailedError unless the record, as GET answers it, is the version the client read. */
export type Precondition = (current: unknown) => void;

/** Longest If-Match read: a handful of tags; anything longer is no version of ours. */
const MAX_HEADER = 2048;

/** The strong tags listed in an If-Match value, or '*' (weak ones are left out: they never match). */
function listedTags(value: string): string[] | '*' {
  if (value.trim() === '*') return '*';
  const tags: string[] = [];
  for (const match of value.slice(0, MAX_HEADER).matchAll(/(W\/)?("[^"]*")/g)) if (!match[1]) tags.push(match[2]!);
  return tags;
}

/** The request's If-Match as a check of the record's current state; undefined without the header. */
export function ifMatchOf(req: FastifyRequest): Precondition | undefined {
  const header = req.headers['if-match'];
  if (header === undefined) return undefined;
  const listed = listedTags(Array.isArray(header) ? header.join(', ') : header);
  return (current) => {
    if (listed === '*') return;
    const tag = tagOf(serializeAnswer(current));
    if (!listed.some((sent) => namesTag(sent, tag))) throw new PreconditionFailedError(t('request.preconditionFailed'));
  };
}

/**
 * The validators of the answers kept in memory (RFC 9110 §8.8.3): one strong tag per answer's
 * bytes, with a suffix per content coding, since a compressed body is other bytes. The response
 * cache answers GETs with them (response-cache.ts), and If-Match is compared with the same tag of
 * a record's current state (preconditions.ts): one rule, so a tag read is a tag a write accepts.
 */
import { createHash } from 'node:crypto';

export type ContentCoding = 'br' | 'gzip';
const CODINGS = [null, 'br', 'gzip'] as const;

/** The tag of an answer's bytes (uncompressed). */
export const tagOf = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('base64url').slice(0, 27);

/** The ETag header of an answer with that tag, sent plain or in a content coding. */
export const etagOf = (tag: string, coding: ContentCoding | null) =>
  coding ? `"${tag}-${coding === 'br' ? 'br' : 'gz'}"` : `"${tag}"`;

/** Whether an entity tag as a client sends it (quotes included, no W/) names that tag in any coding. */
export const namesTag = (sent: string, tag: string) =>
  sent.startsWith(`"${tag}`) && CODINGS.some((coding) => sent === etagOf(tag, coding));

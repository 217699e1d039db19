/**
 * Answers given as a web `Response` (the tRPC adapter sends one) become a plain status, headers and
 * body before any other onSend hook sees them. Fastify only unpacks a `Response` after the onSend
 * hooks, so compression would otherwise wrap the object whole and the status (401, 429 …), the
 * content type and `Retry-After` would be lost from every compressed answer.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';

const isWebResponse = (payload: unknown): payload is Response =>
  payload !== null && typeof payload === 'object' && Object.prototype.toString.call(payload) === '[object Response]';

/** Adds to `Vary` instead of replacing it: earlier hooks vary on origin, language and encoding. */
function addVary(reply: FastifyReply, value: string) {
  const have = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const known = new Set(have.map((v) => v.toLowerCase()));
  for (const v of value.split(',').map((x) => x.trim())) {
    if (v && !known.has(v.toLowerCase())) {
      have.push(v);
      known.add(v.toLowerCase());
    }
  }
  reply.header('vary', have.join(', '));
}

/** Registered before compression, as a root hook so it runs before every route's own onSend. */
export function unpackWebResponses(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!isWebResponse(payload)) return payload;
    reply.code(payload.status);
    for (const [name, value] of payload.headers) {
      if (name === 'vary') addVary(reply, value);
      else reply.header(name, value);
    }
    // tRPC answers are small JSON documents: read whole, so compression and length are exact.
    return payload.body === null ? null : Buffer.from(await payload.arrayBuffer());
  });
}

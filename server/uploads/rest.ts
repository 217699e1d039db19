import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** Upload routes: /upload/single, /upload/multiple and /api/uploads/{name}. */
export async function uploadsRest(_app: FastifyInstance, _deps: Deps): Promise<void> {}

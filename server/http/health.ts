import type { FastifyInstance } from 'fastify';
import { isReachable } from '../db/database';
import type { Deps } from '../deps';

export async function healthRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  /** The process is alive. */
  app.get('/healthz', async () => ({ status: 'ok' }));
  /** The process can serve: the database answers. */
  app.get('/readyz', async (_req, reply) => {
    const ready = await isReachable(deps.db);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'database unreachable' });
  });
}

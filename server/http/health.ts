import { healthAnswer } from '../../shared/schemas/answers';
import { type DB, isReachable } from '../db/database';
import { HEALTH_EXAMPLE, READY_EXAMPLE } from './api-examples';
import { answer } from './route-docs';
import type { ZodApp } from './zod-schemas';

const tags = ['operations'];

export async function healthRoutes(app: ZodApp, db: DB): Promise<void> {
  app.get(
    '/healthz',
    {
      config: { budget: 'read', texts: false },
      schema: {
        tags,
        operationId: 'liveness',
        summary: 'The process is alive',
        response: { 200: answer('Alive', healthAnswer, { example: HEALTH_EXAMPLE }) },
      },
    },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      config: { budget: 'read', texts: false },
      schema: {
        tags,
        operationId: 'readiness',
        summary: 'The process can serve: the database answers',
        response: {
          200: answer('Ready', healthAnswer, { example: READY_EXAMPLE }),
          503: answer('The database does not answer', healthAnswer),
        },
      },
    },
    async (_req, reply) => {
      const ready = await isReachable(db);
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'database unreachable' });
    },
  );
}

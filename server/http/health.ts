import type { FastifyInstance } from 'fastify';
import { t } from '../../shared/messages';
import { healthAnswer } from '../../shared/schemas/answers';
import { type DB, isReachable } from '../db/database';
import { STOP_RETRY_AFTER_SECONDS } from '../lib/stopping';
import { HEALTH_EXAMPLE, READY_EXAMPLE } from './api-examples';
import { answer } from './route-docs';
import type { ZodApp } from './zod-schemas';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once a stop has begun (server/main.ts): the instance takes no new work. */
    stopping: boolean;
  }
}

const tags = ['operations'];

/**
 * Registered first. Once a stop has begun, `/readyz` answers 503 so a balancer drains the
 * instance, every request that arrives still (on a kept-alive connection, or just before the
 * listener closes) is answered 503 with Retry-After instead of started, and every answer closes
 * its connection, so none is left idle to hold the stop.
 */
export function registerStopping(app: FastifyInstance): void {
  app.decorate('stopping', false);
  app.addHook('onRequest', (req, reply, done) => {
    if (!app.stopping) return done();
    // On the raw answer, so answers written straight to the socket close it too.
    reply.raw.setHeader('connection', 'close');
    if (req.routeOptions.url === '/readyz') return done();
    const refuse = () => {
      if (reply.sent) return;
      reply
        .status(503)
        .header('retry-after', String(STOP_RETRY_AFTER_SECONDS))
        .send({ message: t('server.stopping'), requestId: req.id });
    };
    // The body is read (and dropped) first: a connection closed with bytes still arriving is reset,
    // and the client would lose the answer with it.
    if (req.raw.complete) return refuse();
    req.raw.once('end', refuse);
    req.raw.once('error', () => reply.raw.destroy());
    req.raw.resume();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (app.stopping) reply.header('connection', 'close');
    done(null, payload);
  });
}

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
        summary: 'The process can serve: the database answers, and it is not stopping',
        response: {
          200: answer('Ready', healthAnswer, { example: READY_EXAMPLE }),
          503: answer('The database does not answer, or the process is stopping', healthAnswer),
        },
      },
    },
    async (_req, reply) => {
      if (app.stopping) return reply.status(503).send({ status: 'stopping' });
      const ready = await isReachable(db);
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'database unreachable' });
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { requireAdmin } from '../http/auth-hook';
import { dashboardStats } from './service';

export async function dashboardRest(app: FastifyInstance, deps: Deps): Promise<void> {
  app.get('/api/dashboard/stats', { preHandler: requireAdmin(deps) }, () => dashboardStats(deps));
}

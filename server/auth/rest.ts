import type { FastifyInstance } from 'fastify';
import { t } from '../../shared/messages';
import { loginInput } from '../../shared/schemas/auth';
import type { Deps } from '../deps';
import { requireAdmin } from '../http/auth-hook';
import { parseInput } from '../validate';
import { login } from './service';

export async function authRest(app: FastifyInstance, deps: Deps): Promise<void> {
  app.post('/api/auth/login', (req) => login(deps, parseInput(loginInput, req.body)));
  app.get('/api/auth/verify', { preHandler: requireAdmin(deps) }, async (req) => ({
    message: t('auth.tokenValid'),
    email: req.admin?.email,
  }));
}

import type { FastifyInstance } from 'fastify';
import {
  advocateInput,
  contactInput,
  newsletterInput,
  partnerInput,
  statusUpdateInput,
  volunteerInput,
} from '../../shared/schemas/submissions';
import type { Deps } from '../deps';
import { requireAdmin } from '../http/auth-hook';
import { parseInput } from '../validate';
import {
  listSubmissions,
  registerAdvocate,
  registerContact,
  registerPartner,
  registerVolunteer,
  subscribeNewsletter,
  updateStatus,
} from './service';

export async function submissionsRest(app: FastifyInstance, deps: Deps): Promise<void> {
  const admin = { preHandler: requireAdmin(deps) };

  const register = <T>(path: string, handle: (body: unknown) => Promise<{ message: string; data: T | null }>) =>
    app.post(`/api/submissions/${path}/register`, async (req, reply) => reply.status(201).send(await handle(req.body)));

  register('volunteer', (body) => registerVolunteer(deps, parseInput(volunteerInput, body)));
  register('partner', (body) => registerPartner(deps, parseInput(partnerInput, body)));
  register('advocate', (body) => registerAdvocate(deps, parseInput(advocateInput, body)));
  register('contact', (body) => registerContact(deps, parseInput(contactInput, body)));
  register('newsletter', (body) => subscribeNewsletter(deps, parseInput(newsletterInput, body)));

  app.get('/api/submissions', admin, () => listSubmissions(deps));

  app.put<{ Params: { type: string; id: string } }>('/api/submissions/:type/:id/status', admin, (req) =>
    updateStatus(deps, req.params.type, req.params.id, parseInput(statusUpdateInput, req.body).status),
  );
}

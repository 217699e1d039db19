/** The spec's REST paths for campaigns, for third-party clients; same services and schemas as tRPC. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { t } from '../../shared/messages';
import { campaignMeta } from '../../shared/page-meta';
import { campaignInput, campaignListInput } from '../../shared/schemas/campaign';
import type { Deps } from '../deps';
import { NotFoundError } from '../errors';
import { requireAdmin } from '../http/auth-hook';
import type { Spa } from '../http/spa';
import { parseInput } from '../validate';
import {
  allCampaignsJson,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  updateCampaign,
} from './service';

/** A browser navigation asks for HTML first; fetch and API clients ask for JSON or anything. */
const wantsPage = (req: FastifyRequest) => {
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
};

type IdParams = { Params: { id: string } };

/** REST always lists oldest first: the spec's clients take the last three as the latest. */
const restListQuery = campaignListInput.omit({ order: true });

export async function campaignsRest(app: FastifyInstance, deps: Deps, spa: Spa): Promise<void> {
  const admin = { preHandler: requireAdmin(deps) };

  // The same path is the SPA's campaigns page and the REST list.
  app.get('/campaigns', async (req, reply) => {
    reply.header('vary', 'Accept');
    if (wantsPage(req)) return spa.send(req, reply);
    // Only the documented parameters are read; original clients may send their own.
    const query = (req.query ?? {}) as Record<string, unknown>;
    const filters = parseInput(restListQuery, {
      category: query.category,
      location: query.location,
      limit: query.limit,
      offset: query.offset,
    });
    const unfiltered = Object.values(filters).every((v) => v === undefined);
    if (unfiltered) return reply.type('application/json; charset=utf-8').send(await allCampaignsJson(deps));
    return listCampaigns(deps, filters);
  });

  app.get<IdParams>('/campaigns/:id', (req) => getCampaign(deps, req.params.id));

  // The detail page: index.html with the campaign's Open Graph tags for link previews.
  app.get<IdParams>('/campaign/:id', async (req, reply) => {
    try {
      const campaign = await getCampaign(deps, req.params.id);
      return spa.send(req, reply, campaignMeta(campaign));
    } catch (error) {
      if (error instanceof NotFoundError)
        return spa.send(req, reply, { title: t('campaigns.notFound'), description: t('campaigns.notFound') });
      throw error;
    }
  });

  app.post('/campaigns', admin, async (req, reply) => {
    const campaign = await createCampaign(deps, parseInput(campaignInput, req.body));
    return reply.status(201).send({ message: t('campaigns.created'), campaign });
  });

  app.put<IdParams>('/campaigns/:id', admin, async (req) => {
    const campaign = await updateCampaign(deps, req.params.id, parseInput(campaignInput, req.body));
    return { message: t('campaigns.updated'), campaign };
  });

  app.delete<IdParams>('/campaigns/:id', admin, (req) => deleteCampaign(deps, req.params.id));
}

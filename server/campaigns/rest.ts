/** The spec's REST paths for campaigns, for third-party clients; same services and schemas as tRPC. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { t } from '../../shared/messages';
import { campaignDeleted, campaignRecord, campaignSaved } from '../../shared/schemas/answers';
import { campaignIdInput, campaignInput, campaignListInput } from '../../shared/schemas/campaign';
import { actorOfRequest, requireStaff } from '../auth/guards';
import type { Deps } from '../deps';
import {
  CAMPAIGN_CREATED_EXAMPLE,
  CAMPAIGN_DELETED_EXAMPLE,
  CAMPAIGN_EXAMPLE,
  CAMPAIGN_LIST_ANSWER_EXAMPLE,
  CAMPAIGN_RECORD_EXAMPLE,
  CAMPAIGN_UPDATED_EXAMPLE,
} from '../http/api-examples';
import type { Pages } from '../http/page-answers';
import { ifMatchOf } from '../http/preconditions';
import { answer, BEARER, BODY_REFUSALS, CACHED, IF_MATCH, NOT_MODIFIED, refusals } from '../http/route-docs';
import { wantsPage } from '../http/wants-page';
import type { ZodApp } from '../http/zod-schemas';
import { createCampaign, deleteCampaign, getCampaign, listCampaigns, updateCampaign } from './service';

/** REST always lists oldest first: the spec's clients take the last three as the latest. */
const restListQuery = campaignListInput.omit({ order: true });

export async function campaignsRest(app: ZodApp, deps: Deps, pages: Pages): Promise<void> {
  const onRequest = requireStaff(deps, 'campaigns.write');
  const tags = ['campaigns'];

  // The same path is the SPA's campaigns page and the REST list: a browser navigation gets the
  // page before the query is read, so a page link with odd parameters still opens.
  const pageFirst = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('vary', 'Accept');
    if (wantsPage(req)) return pages.send(req, reply);
  };

  app.get(
    '/campaigns',
    {
      onRequest: pageFirst,
      config: { budget: 'read', publicCache: true },
      schema: {
        tags,
        operationId: 'listCampaigns',
        summary: 'List campaigns, oldest first',
        description:
          'Without parameters the whole list. Unknown parameters are ignored. The same path answers a browser (Accept: text/html) with the campaigns page.',
        querystring: restListQuery,
        response: {
          200: answer('The campaigns (for a browser asking for HTML, the campaigns page)', z.array(campaignRecord), {
            example: CAMPAIGN_LIST_ANSWER_EXAMPLE,
            headers: CACHED,
            html: true,
          }),
          304: NOT_MODIFIED,
          ...refusals(400),
        },
      },
    },
    (req) => listCampaigns(deps, req.query),
  );

  app.get(
    '/campaigns/:id',
    {
      config: { budget: 'read', publicCache: true },
      schema: {
        tags,
        operationId: 'getCampaign',
        summary: 'One campaign',
        params: campaignIdInput,
        response: {
          200: answer('The campaign', campaignRecord, { example: CAMPAIGN_RECORD_EXAMPLE, headers: CACHED }),
          304: NOT_MODIFIED,
          ...refusals(404),
        },
      },
    },
    (req) => getCampaign(deps, req.params.id),
  );

  app.post(
    '/campaigns',
    {
      onRequest,
      config: { budget: 'staff', openapiExample: CAMPAIGN_EXAMPLE },
      schema: {
        tags,
        operationId: 'createCampaign',
        summary: 'Create a campaign',
        security: BEARER,
        body: campaignInput,
        response: {
          201: answer('Created', campaignSaved, { example: CAMPAIGN_CREATED_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403),
        },
      },
    },
    async (req, reply) => {
      const campaign = await createCampaign(deps, req.body, actorOfRequest(req));
      return reply.status(201).send({ message: t('campaigns.created'), campaign });
    },
  );

  app.put(
    '/campaigns/:id',
    {
      onRequest,
      config: { budget: 'staff', openapiExample: CAMPAIGN_EXAMPLE },
      schema: {
        tags,
        operationId: 'updateCampaign',
        summary: 'Replace a campaign',
        description:
          'Every field is sent; empty bank fields mean the foundation account. `amountRaised` left out (or blank) leaves the total as it is: gifts move it. A value is a hand adjustment of the total only where it differs from the stored one, recorded with its author. Send the ETag the campaign was read with as `If-Match`: a copy read before a gift or another edit is then refused with 412 instead of undoing them.',
        security: BEARER,
        params: campaignIdInput,
        headers: IF_MATCH,
        body: campaignInput,
        response: {
          200: answer('Saved', campaignSaved, { example: CAMPAIGN_UPDATED_EXAMPLE }),
          ...refusals(...BODY_REFUSALS, 401, 403, 404, 412),
        },
      },
    },
    async (req) => {
      const campaign = await updateCampaign(deps, req.params.id, req.body, actorOfRequest(req), {
        precondition: ifMatchOf(req),
      });
      return { message: t('campaigns.updated'), campaign };
    },
  );

  app.delete(
    '/campaigns/:id',
    {
      config: { budget: 'staff' },
      onRequest,
      schema: {
        tags,
        operationId: 'deleteCampaign',
        summary: 'Delete a campaign and its updates',
        security: BEARER,
        params: campaignIdInput,
        response: {
          200: answer('Deleted', campaignDeleted, { example: CAMPAIGN_DELETED_EXAMPLE }),
          ...refusals(401, 403, 404),
        },
      },
    },
    (req) => deleteCampaign(deps, req.params.id, actorOfRequest(req)),
  );
}

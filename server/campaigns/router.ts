import { z } from 'zod';
import { campaignCard } from '../../shared/campaign-card';
import {
  type CampaignListInput,
  campaignIdInput,
  campaignInput,
  campaignListInput,
  campaignPageInput,
} from '../../shared/schemas/campaign';
import type { Context } from '../trpc/context';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc';
import { withImageInfo } from '../uploads/image-info';
import {
  adminCampaignPage,
  countByLocation,
  createCampaign,
  deleteCampaign,
  getCampaign,
  getStoredCampaign,
  listCampaigns,
  updateCampaign,
} from './service';

/**
 * The public list with what the site's pages need of its images (AVIF copies, data-saver sizes);
 * the REST answers stay as the spec has them.
 */
const listWithImages = async (ctx: Context, input: CampaignListInput | undefined) =>
  withImageInfo(ctx, await listCampaigns(ctx, input), false);

export const campaignRouter = router({
  list: publicProcedure.input(campaignListInput.optional()).query(({ ctx, input }) => listWithImages(ctx, input)),
  /** The public lists' cards: only what a card shows (shared/campaign-card.ts). */
  cards: publicProcedure
    .input(campaignListInput.optional())
    .query(async ({ ctx, input }) => (await listWithImages(ctx, input)).map(campaignCard)),
  byId: publicProcedure
    .input(campaignIdInput)
    .query(async ({ ctx, input }) => (await withImageInfo(ctx, [await getCampaign(ctx, input.id)], true))[0]!),
  /** The admin's table, a page at a time, newest first. */
  adminPage: staffProcedure('campaigns.read')
    .input(campaignPageInput)
    .query(({ ctx, input }) => adminCampaignPage(ctx, input)),
  stored: staffProcedure('campaigns.read')
    .input(campaignIdInput)
    .query(({ ctx, input }) => getStoredCampaign(ctx, input.id)),
  countByLocation: publicProcedure.query(({ ctx }) => countByLocation(ctx)),
  create: staffProcedure('campaigns.write')
    .input(campaignInput)
    .mutation(({ ctx, input }) => createCampaign(ctx, input, ctx.actor)),
  update: staffProcedure('campaigns.write')
    // amountRaisedWas: the total the editor's form loaded, so its save applies only its own change.
    .input(campaignIdInput.extend({ data: campaignInput, amountRaisedWas: z.number().int().min(0).optional() }))
    .mutation(({ ctx, input }) =>
      updateCampaign(ctx, input.id, input.data, ctx.actor, { amountRaisedWas: input.amountRaisedWas }),
    ),
  remove: staffProcedure('campaigns.write')
    .input(campaignIdInput)
    .mutation(({ ctx, input }) => deleteCampaign(ctx, input.id, ctx.actor)),
});

import { campaignIdInput, campaignInput, campaignListInput, campaignPageInput } from '../../shared/schemas/campaign';
import { adminProcedure, publicProcedure, router } from '../trpc/trpc';
import {
  adminCampaignPage,
  countByLocation,
  createCampaign,
  defaultBankDetails,
  deleteCampaign,
  getCampaign,
  getStoredCampaign,
  listCampaigns,
  updateCampaign,
} from './service';

export const campaignRouter = router({
  list: publicProcedure.input(campaignListInput.optional()).query(({ ctx, input }) => listCampaigns(ctx, input)),
  byId: publicProcedure.input(campaignIdInput).query(({ ctx, input }) => getCampaign(ctx, input.id)),
  /** The admin's table, a page at a time, newest first. */
  adminPage: adminProcedure.input(campaignPageInput).query(({ ctx, input }) => adminCampaignPage(ctx, input)),
  stored: adminProcedure.input(campaignIdInput).query(({ ctx, input }) => getStoredCampaign(ctx, input.id)),
  countByLocation: publicProcedure.query(({ ctx }) => countByLocation(ctx)),
  defaultBank: publicProcedure.query(({ ctx }) => defaultBankDetails(ctx)),
  create: adminProcedure.input(campaignInput).mutation(({ ctx, input }) => createCampaign(ctx, input, ctx.actor)),
  update: adminProcedure
    .input(campaignIdInput.extend({ data: campaignInput }))
    .mutation(({ ctx, input }) => updateCampaign(ctx, input.id, input.data, ctx.actor)),
  remove: adminProcedure.input(campaignIdInput).mutation(({ ctx, input }) => deleteCampaign(ctx, input.id, ctx.actor)),
});

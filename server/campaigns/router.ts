import { campaignIdInput, campaignInput, campaignListInput } from '../../shared/schemas/campaign';
import { adminProcedure, publicProcedure, router } from '../trpc/trpc';
import {
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
  stored: adminProcedure.input(campaignIdInput).query(({ ctx, input }) => getStoredCampaign(ctx, input.id)),
  countByLocation: publicProcedure.query(({ ctx }) => countByLocation(ctx)),
  defaultBank: publicProcedure.query(({ ctx }) => defaultBankDetails(ctx)),
  create: adminProcedure.input(campaignInput).mutation(({ ctx, input }) => createCampaign(ctx, input)),
  update: adminProcedure
    .input(campaignIdInput.extend({ data: campaignInput }))
    .mutation(({ ctx, input }) => updateCampaign(ctx, input.id, input.data)),
  remove: adminProcedure.input(campaignIdInput).mutation(({ ctx, input }) => deleteCampaign(ctx, input.id)),
});

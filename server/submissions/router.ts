import { z } from 'zod';
import { STATUS_TYPES } from '../../shared/constants';
import {
  advocateInput,
  contactInput,
  newsletterInput,
  partnerInput,
  statusUpdateInput,
  volunteerInput,
} from '../../shared/schemas/submissions';
import { adminProcedure, publicProcedure, router } from '../trpc/trpc';
import {
  listSubmissions,
  registerAdvocate,
  registerContact,
  registerPartner,
  registerVolunteer,
  subscribeNewsletter,
  updateStatus,
} from './service';

export const submissionRouter = router({
  volunteer: router({
    create: publicProcedure.input(volunteerInput).mutation(({ ctx, input }) => registerVolunteer(ctx, input)),
  }),
  partner: router({
    create: publicProcedure.input(partnerInput).mutation(({ ctx, input }) => registerPartner(ctx, input)),
  }),
  advocate: router({
    create: publicProcedure.input(advocateInput).mutation(({ ctx, input }) => registerAdvocate(ctx, input)),
  }),
  contact: router({
    create: publicProcedure.input(contactInput).mutation(({ ctx, input }) => registerContact(ctx, input)),
  }),
  newsletter: router({
    create: publicProcedure.input(newsletterInput).mutation(({ ctx, input }) => subscribeNewsletter(ctx, input)),
  }),
  list: adminProcedure.query(({ ctx }) => listSubmissions(ctx)),
  updateStatus: adminProcedure
    .input(statusUpdateInput.extend({ type: z.enum(STATUS_TYPES), id: z.string().max(100) }))
    .mutation(({ ctx, input }) => updateStatus(ctx, input.type, input.id, input.status)),
});

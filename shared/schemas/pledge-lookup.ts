/**
 * "Find my pledge": a donor who lost the payment reference gives the email of the pledge, and the
 * links to its pledges are mailed there. Never answered with pledges: the address alone proves
 * nothing, so the answer is the same for every address.
 */
import { z } from 'zod';
import { email, honeypot } from './fields';

/** POST /api/pledges/lookup and pledge.lookup. */
export const pledgeLookupInput = z.object({
  email: email(),
  website: honeypot(),
});
export type PledgeLookupInput = z.output<typeof pledgeLookupInput>;

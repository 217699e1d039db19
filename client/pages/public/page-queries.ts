/**
 * The inputs of the queries the public pages show, in one place: the page asks with them in the
 * browser and the server prefetches with them, so both name the same cache entry.
 */
import { CAMPAIGN_CATEGORIES, CAMPAIGN_LOCATIONS, HOME_LATEST_CAMPAIGNS } from '../../../shared/constants';
import type { CampaignListInput } from '../../../shared/schemas/campaign';

const pick = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.find((option) => option === value);

/** The home page's latest campaigns, newest first. */
export const latestCampaignsInput: CampaignListInput = { order: 'newest', limit: HOME_LATEST_CAMPAIGNS };

/** The campaigns page: its filters from the query string; an unknown value shows every campaign. */
export function campaignsPageInput(search: URLSearchParams) {
  return {
    order: 'newest',
    location: pick(CAMPAIGN_LOCATIONS, search.get('location')),
    category: pick(CAMPAIGN_CATEGORIES, search.get('category')),
  } satisfies CampaignListInput;
}

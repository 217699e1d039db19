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

/** A page cursor as the archive takes it (shared/schemas/pages.ts `pageCursor`), without loading zod here. */
const ARCHIVE_CURSOR = /^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The newsletter archive's page: from `?before=` (a malformed cursor shows the newest editions). */
export function archivePageInput(search: URLSearchParams): { before?: string } {
  const before = search.get('before');
  return before && ARCHIVE_CURSOR.test(before) ? { before } : {};
}

/** The campaigns page: its filters from the query string; an unknown value shows every campaign. */
export function campaignsPageInput(search: URLSearchParams) {
  return {
    order: 'newest',
    location: pick(CAMPAIGN_LOCATIONS, search.get('location')),
    category: pick(CAMPAIGN_CATEGORIES, search.get('category')),
  } satisfies CampaignListInput;
}

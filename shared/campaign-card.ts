/**
 * What a campaign's card shows (client/components/campaign-card.tsx), and all that the public
 * lists (the home page's latest, the campaigns page) send: a page of cards carries no
 * descriptions, updates or bank details, which the campaign's own page loads.
 */
import { lacksHausa } from './campaign-language';
import type { WithImageInfo } from './image-path';
import type { Campaign } from './schemas/answers';

export type CampaignCardData = WithImageInfo<
  Pick<
    Campaign,
    | '_id'
    | 'title'
    | 'titleHa'
    | 'shortDescription'
    | 'shortDescriptionHa'
    | 'image'
    | 'location'
    | 'category'
    | 'amountRaised'
    | 'target'
  > & {
    /** Some of the campaign is still in English only: a Hausa page's card says so. */
    lacksHausa: boolean;
  }
>;

/** The card of a campaign (with what is known of its image). */
export function campaignCard(campaign: WithImageInfo<Campaign>): CampaignCardData {
  const { _id, title, titleHa, shortDescription, shortDescriptionHa, image, location, category, amountRaised, target } =
    campaign;
  return {
    _id,
    title,
    titleHa,
    shortDescription,
    shortDescriptionHa,
    image,
    location,
    category,
    amountRaised,
    target,
    lacksHausa: lacksHausa(campaign),
    ...(campaign.imageInfo && { imageInfo: campaign.imageInfo }),
  };
}

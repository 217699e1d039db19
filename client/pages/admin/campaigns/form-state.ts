/** The campaign form's state (all text, as inputs hold it) and its mapping to and from the wire shape. */
import { CAMPAIGN_STATUS, PLACEHOLDER_IMAGE } from '../../../../shared/constants';
import type { Campaign } from '../../../../shared/schemas/campaign';
import type { BankAccount } from '../../../components/bank-details';

export interface UpdateRow {
  /** Stable React key: rows can be removed from the middle. */
  key: string;
  date: string;
  content: string;
}

export interface CampaignFormState {
  title: string;
  description: string;
  shortDescription: string;
  overview: { mainText: string; challengeText: string; solutionText: string; impactText: string };
  target: string;
  amountRaised: string;
  location: string;
  category: string;
  endDate: string;
  impact: string;
  accountName: string;
  accountNumber: string;
  bankName: string;
  image: string;
  galleryImages: string[];
  updates: UpdateRow[];
}

let rowCount = 0;
export const newUpdateRow = (date = '', content = ''): UpdateRow => ({ key: `update-${++rowCount}`, date, content });

export const emptyForm = (): CampaignFormState => ({
  title: '',
  description: '',
  shortDescription: '',
  overview: { mainText: '', challengeText: '', solutionText: '', impactText: '' },
  target: '',
  amountRaised: '',
  location: '',
  category: '',
  endDate: '',
  impact: '',
  accountName: '',
  accountNumber: '',
  bankName: '',
  image: '',
  galleryImages: [],
  updates: [],
});

/** The server answers the placeholder for a campaign without an image; the form treats that as none. */
const realImage = (path: string) => (path === PLACEHOLDER_IMAGE ? '' : path);

/**
 * The server fills a campaign's empty bank fields with the foundation's account. Fields equal to
 * that default load empty, so saving keeps meaning "use the default" instead of freezing a copy.
 */
export function formFromCampaign(campaign: Campaign, defaults?: BankAccount): CampaignFormState {
  const own = (key: keyof BankAccount) => (defaults && campaign[key] === defaults[key] ? '' : campaign[key]);
  return {
    title: campaign.title,
    description: campaign.description,
    shortDescription: campaign.shortDescription,
    overview: { ...campaign.overview },
    target: String(campaign.target),
    amountRaised: String(campaign.amountRaised),
    location: campaign.location,
    category: campaign.category ?? '',
    endDate: campaign.endDate ?? '',
    impact: campaign.impact,
    accountName: own('accountName'),
    accountNumber: own('accountNumber'),
    bankName: own('bankName'),
    image: realImage(campaign.image),
    galleryImages: campaign.galleryImages.filter((p) => realImage(p) !== ''),
    updates: campaign.updates.map((u) => newUpdateRow(u.date, u.content)),
  };
}

/**
 * What a save sends (SPEC section 9: supporters 0, status active). Update rows left entirely blank
 * are dropped rather than reported as missing. Unchecked: campaignInput validates it before sending.
 */
export function inputFromForm(form: CampaignFormState) {
  const { updates, ...fields } = form;
  return {
    ...fields,
    updates: updates
      .filter((u) => u.date.trim() !== '' || u.content.trim() !== '')
      .map(({ date, content }) => ({ date, content })),
    supporters: 0,
    status: CAMPAIGN_STATUS,
  };
}

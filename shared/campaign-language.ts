/**
 * A campaign in the language being shown. Staff may write each text in Hausa beside the English
 * (the `…Ha` fields); where they have not yet, the English shows, and the page says so. The API's
 * English fields are never replaced: this is how pages read them.
 */
import { getLocale, type Locale } from './messages';
import type { Campaign } from './schemas/answers';

/** The texts of a campaign that have a Hausa version. */
export type TranslatedField =
  | 'title'
  | 'shortDescription'
  | 'description'
  | 'mainText'
  | 'challengeText'
  | 'solutionText'
  | 'impactText'
  | 'updates';

type Translatable = Pick<Campaign, 'title' | 'shortDescription'> &
  Partial<Pick<Campaign, 'titleHa' | 'shortDescriptionHa' | 'description' | 'descriptionHa' | 'overview' | 'updates'>>;

export interface CampaignTexts {
  title: string;
  shortDescription: string;
  description: string;
  overview: { mainText: string; challengeText: string; solutionText: string; impactText: string };
  /** Each with `lang: 'en'` when it is shown in English on a page in another language. */
  updates: { _id: string; date: string; content: string; lang?: 'en' }[];
  /** The texts shown in English on a page in another language: marked lang="en", with a note. */
  inEnglish: Set<TranslatedField>;
}

export function campaignTexts(campaign: Translatable, locale: Locale = getLocale()): CampaignTexts {
  const inEnglish = new Set<TranslatedField>();
  /** The Hausa text on a Hausa page when there is one; else the English, and whether it stands in. */
  const choose = (english = '', hausa = '') => {
    if (locale !== 'ha') return { text: english, standsIn: false };
    if (hausa.trim() !== '') return { text: hausa, standsIn: false };
    return { text: english, standsIn: english.trim() !== '' };
  };
  const pick = (field: TranslatedField, english?: string, hausa?: string) => {
    const { text, standsIn } = choose(english, hausa);
    if (standsIn) inEnglish.add(field);
    return text;
  };
  const overview = campaign.overview;
  const updates = (campaign.updates ?? []).map((update) => {
    const { text, standsIn } = choose(update.content, update.contentHa);
    if (standsIn) inEnglish.add('updates');
    return { _id: update._id, date: update.date, content: text, ...(standsIn ? { lang: 'en' as const } : {}) };
  });
  return {
    title: pick('title', campaign.title, campaign.titleHa),
    shortDescription: pick('shortDescription', campaign.shortDescription, campaign.shortDescriptionHa),
    description: pick('description', campaign.description, campaign.descriptionHa),
    overview: {
      mainText: pick('mainText', overview?.mainText, overview?.mainTextHa),
      challengeText: pick('challengeText', overview?.challengeText, overview?.challengeTextHa),
      solutionText: pick('solutionText', overview?.solutionText, overview?.solutionTextHa),
      impactText: pick('impactText', overview?.impactText, overview?.impactTextHa),
    },
    updates,
    inEnglish,
  };
}

/** `lang="en"` for a text shown in English on a page in another language, so it is read aloud rightly. */
export const langOf = (texts: CampaignTexts, field: TranslatedField): 'en' | undefined =>
  texts.inEnglish.has(field) ? 'en' : undefined;

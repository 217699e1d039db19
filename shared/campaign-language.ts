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
    return { text: english, standsIn: inEnglishOnly(english, hausa) };
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

/** A text written in English whose Hausa is not yet written. */
const inEnglishOnly = (english?: string | null, hausa?: string | null): boolean =>
  (english ?? '').trim() !== '' && (hausa ?? '').trim() === '';

type Text = string | null | undefined;

/** A campaign's texts as the API answers them and as the editor's form holds them while staff type. */
export interface CampaignWriting {
  title?: Text;
  titleHa?: Text;
  shortDescription?: Text;
  shortDescriptionHa?: Text;
  description?: Text;
  descriptionHa?: Text;
  overview?: Partial<Record<OverviewField | `${OverviewField}Ha`, Text>> | null;
  updates?: readonly { content?: Text; contentHa?: Text }[] | null;
}
type OverviewField = 'mainText' | 'challengeText' | 'solutionText' | 'impactText';
const OVERVIEW_FIELDS: readonly OverviewField[] = ['mainText', 'challengeText', 'solutionText', 'impactText'];

/**
 * How much of a campaign is written in Hausa. Every text written in English counts once (each
 * update too); it is done when its Hausa is written. The one measure of "in Hausa" that the cards,
 * the campaign page and the dashboard share.
 */
export interface HausaProgress {
  /** The texts written in English. */
  total: number;
  /** Of those, the texts written in Hausa too. */
  done: number;
  /** The kinds of text still in English only, in the page's order. */
  missing: TranslatedField[];
}

export function hausaProgress(campaign: CampaignWriting): HausaProgress {
  const overview = campaign.overview ?? {};
  const texts: [TranslatedField, Text, Text][] = [
    ['title', campaign.title, campaign.titleHa],
    ['shortDescription', campaign.shortDescription, campaign.shortDescriptionHa],
    ['description', campaign.description, campaign.descriptionHa],
    ...OVERVIEW_FIELDS.map((field): [TranslatedField, Text, Text] => [field, overview[field], overview[`${field}Ha`]]),
    ...(campaign.updates ?? []).map((update): [TranslatedField, Text, Text] => [
      'updates',
      update.content,
      update.contentHa,
    ]),
  ];
  const written = texts.filter(([, english]) => (english ?? '').trim() !== '');
  const missing = written.filter(([, english, hausa]) => inEnglishOnly(english, hausa)).map(([field]) => field);
  return { total: written.length, done: written.length - missing.length, missing: [...new Set(missing)] };
}

/** Whether some of a campaign is still in English only: its card and page say so to a Hausa reader. */
export const lacksHausa = (campaign: CampaignWriting): boolean => hausaProgress(campaign).missing.length > 0;

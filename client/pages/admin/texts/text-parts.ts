/** What the Texts screen and its editor both read of a text: what shows, where, and sample values. */
import { FOUNDATION } from '../../../../shared/constants';
import { formatDate } from '../../../../shared/format';
import { type Locale, type MessageKey, t } from '../../../../shared/messages';
import type { TextItem } from '../../../../shared/schemas/texts';

/** A text as the pages show it: staff's correction, else the catalogue's. */
export const shownText = (item: TextItem, locale: Locale): string => item.override[locale] ?? item[locale];

export const languageName = (locale: Locale): string => (locale === 'en' ? t('language.english') : t('language.hausa'));

const PLACE_WORDS: Record<string, MessageKey> = {
  everywhere: 'texts.place.everywhere',
  forms: 'texts.place.forms',
  mail: 'texts.place.mail',
  api: 'texts.place.api',
  dashboard: 'texts.place.dashboard',
};

/** Where a text appears: a path as it is, or the words for texts that are not on one page. */
export const placeLabel = (place: string): string => {
  const word = PLACE_WORDS[place];
  return word ? t(word) : place;
};

const GROUPS: Record<string, MessageKey> = {
  spec: 'texts.group.spec',
  server: 'texts.group.server',
  public: 'texts.group.public',
  giving: 'texts.group.giving',
  meta: 'texts.group.meta',
  choices: 'texts.group.choices',
  language: 'texts.group.language',
  dates: 'texts.group.dates',
  admin: 'texts.group.admin',
  staff: 'texts.group.staff',
  mail: 'texts.group.mail',
  newsletter: 'texts.group.newsletter',
  alerts: 'texts.group.alerts',
  'password-reset': 'texts.group.password-reset',
  outbox: 'texts.group.outbox',
  editions: 'texts.group.editions',
  archive: 'texts.group.archive',
  payments: 'texts.group.payments',
  texts: 'texts.group.texts',
};

/** A catalogue file's name in words; a file the screen does not know yet by its own name. */
export const groupLabel = (group: string): string => {
  const key = GROUPS[group];
  return key ? t(key) : group;
};

const NUMBER_NAMES = new Set([
  'count',
  'n',
  'total',
  'max',
  'min',
  'limit',
  'number',
  'value',
  'failed',
  'done',
  'sent',
  'queued',
  'attempts',
  'duplicates',
  'fresh',
  'recipients',
  'row',
  'percent',
  'kobo',
  'weeks',
  'days',
  'hours',
  'minutes',
  'seconds',
  'wait',
]);

/** Sample values for a preview: data, as the site would fill in, never translated. */
export function sampleValue(name: string): string | number {
  switch (name) {
    case 'site':
      return FOUNDATION.name;
    case 'who':
    case 'name':
      return 'Amina Bello';
    case 'amount':
    case 'fee':
      return '₦5,000';
    case 'target':
    case 'raised':
      return '₦2,500,000';
    case 'reference':
      return 'K7P2M9QX';
    case 'email':
    case 'to':
    case 'from':
      return 'amina@example.org';
    case 'title':
    case 'campaign':
    case 'what':
      return 'Clean water for Gezawa';
    case 'date':
    case 'when':
      return formatDate(new Date());
    case 'time':
      return '10:30';
    case 'year':
      return new Date().getFullYear();
    case 'location':
    case 'state':
      return 'Kano';
    case 'language':
      return languageName('ha');
    case 'subject':
      return 'Borehole repair';
    case 'phone':
      return '+234 803 555 0101';
  }
  return NUMBER_NAMES.has(name) ? 3 : `[${name}]`;
}

export const sampleValues = (names: readonly string[]): Record<string, string | number> =>
  Object.fromEntries(names.map((name) => [name, sampleValue(name)]));

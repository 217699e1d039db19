/** Hausa texts about the site's two languages (see en/language.ts). Awaiting review by a native speaker. */
import type { languageMessages } from '../en/language';

export const languageMessagesHa: Record<keyof typeof languageMessages, string> = {
  'language.notYetInHausa': 'Ba a fassara shi zuwa Hausa ba tukuna: wasu sassan wannan gangami suna cikin Turanci.',
  'language.english': 'Turanci',
  'language.hausa': 'Hausa',
  'language.hausaColumn': 'Hausa (ba dole ba)',
  'language.hausaHint':
    "Idan aka bar shi babu komai, shafin jama'a zai nuna Turancin tare da sanarwar “ba a fassara shi zuwa Hausa ba tukuna”.",
  'language.hausaOf': '{field} (Hausa)',
  'language.translated': 'Da Hausa',
  'language.untranslated': 'Turanci kaɗai',
};

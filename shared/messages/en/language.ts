/** Texts about the site's two languages: the fallback note and the campaign editor's Hausa column. */
export const languageMessages = {
  'language.notYetInHausa': 'Not yet in Hausa: some of this campaign is shown in English.',
  'language.english': 'English',
  'language.hausa': 'Hausa',
  'language.hausaColumn': 'Hausa (optional)',
  'language.hausaHint': 'Left empty, the public page shows the English with a “not yet in Hausa” note.',
  'language.hausaOf': 'In Hausa: {field}',
  'language.translated': 'In Hausa',
  'language.untranslated': 'English only',
} as const;

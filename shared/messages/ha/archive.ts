/** The newsletter's public archive, in Hausa. */
import type { archiveMessages } from '../en/archive';

export const archiveMessagesHa: Record<keyof typeof archiveMessages, string> = {
  'archive.title': 'Wasiƙar labarai',
  'archive.notFound': 'Ba a sami wannan wasiƙar labarai ba',
};

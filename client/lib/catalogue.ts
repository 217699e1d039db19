/**
 * Loads a language's texts into the catalogue: the browser downloads only the language it shows
 * (each is its own chunk). The staff area's texts come with its code.
 */
import type { Locale } from '../../shared/messages';

const core: Record<Locale, () => Promise<unknown>> = {
  en: () => import('../../shared/messages/en/core'),
  ha: () => import('../../shared/messages/ha/core'),
};
const staffArea: Record<Locale, () => Promise<unknown>> = {
  en: () => import('../../shared/messages/en/staff-area'),
  ha: () => import('../../shared/messages/ha/staff-area'),
};

export const loadMessages = (locale: Locale) => core[locale]();
export const loadStaffMessages = (locale: Locale) => staffArea[locale]();

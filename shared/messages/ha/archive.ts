/** The newsletter's public archive, in Hausa. */
import type { archiveMessages } from '../en/archive';

export const archiveMessagesHa: Record<keyof typeof archiveMessages, string> = {
  'archive.title': 'Wasiƙar labarai',
  'archive.notFound': 'Ba a sami wannan wasiƙar labarai ba',
  'archive.footerLink': 'WASIƘAR LABARAI',
  'archive.notFoundText': 'Wannan wasiƙar labarai babu ita, ko kuma ba a aika ta ba tukuna.',
  'archive.lead':
    'Duk wasiƙun labaran da muka aika: labarai daga fagen aiki, gangamai da ke buƙatarku, da abin da gudummawarku ta samar.',
  'archive.listLabel': 'Wasiƙun labarai, sababbi a farko',
  'archive.empty':
    'Ba a aika wata wasiƙar labarai ba tukuna. Yi rajista a ƙasa, kuma ta farko za ta zo kai tsaye cikin akwatin imel ɗinka.',
  'archive.read': 'Karanta',
  'archive.pages': 'Ƙarin wasiƙun labarai',
  'archive.older': 'Tsofaffin wasiƙu',
  'archive.newest': 'Sababbin wasiƙu',
  'archive.loading': 'Ana loda wasiƙar labarai…',
  'archive.failed': 'Ba a iya loda wasiƙun labaran ba. Da fatan a sake gwadawa.',
  'archive.back': 'Duk wasiƙun labarai',
  'archive.inEnglish': 'An rubuta wannan wasiƙar labarai da Turanci kawai.',
  'archive.featured': 'Gangamin da muke haskakawa',
  'archive.raisedOf': 'An tara {raised} cikin {target}',
  'archive.give': 'Ba da gudummawa',
  'archive.subscribeTitle': 'Karɓi wasiƙa ta gaba',
  'archive.subscribeText':
    'Labarai daga fagen aiki, sau kaɗan a shekara, kai tsaye cikin akwatin imel ɗinka. Babu saƙon banza, kuma za ka iya cire sunanka a kowane lokaci.',
  'meta.newsletter.title': 'Wasiƙar labarai — {site}',
  'meta.newsletter.description':
    "Karanta duk wasiƙun labaran {site}: labarai daga al'ummomi a faɗin Arewacin Najeriya da gangamai da ke buƙatarku.",
  'meta.edition.title': '{title} — {site}',
  'meta.editionNotFound.title': 'Ba a sami wasiƙar labarai ba — {site}',
  'meta.editionNotFound.description': 'Wannan shafi babu shi.',
};

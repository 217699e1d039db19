/** Hausa versions of en/mail.ts. Awaiting review by a native speaker. */
import type { mailMessages } from '../en/mail';

export const mailMessagesHa: Record<keyof typeof mailMessages, string> = {
  'mail.greeting': 'Sannu {name},',
  'mail.greetingNoName': 'Sannu,',
  'mail.signature': 'Da godiya,\nƘungiyar {name}',
  'mail.footerAddress': '{name} · {address}',
  'mail.footerWhy': 'Kana karɓar wannan saƙo ne saboda wani abu da ka yi a {site}.',
  'mail.footerContact': 'Kana da tambaya? Ka amsa wannan saƙo ko ka rubuta zuwa {email}.',
};

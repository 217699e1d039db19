import type { MessageKey } from '../../shared/messages';

/** The header links, in order. */
export const NAV_LINKS: readonly { to: string; label: MessageKey }[] = [
  { to: '/get-involved', label: 'nav.getInvolved' },
  { to: '/about', label: 'nav.about' },
  { to: '/campaigns', label: 'nav.campaigns' },
  { to: '/contact', label: 'nav.contact' },
];

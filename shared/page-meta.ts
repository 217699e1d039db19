/**
 * Title and description of every public route, in the visitor's language: the client sets them on
 * navigation and the server writes them into the HTML it sends, so link previews and search
 * engines see them too.
 */
import { campaignTexts } from './campaign-language';
import { FOUNDATION } from './constants';
import { type MessageKey, t } from './messages';
import type { Campaign } from './schemas/answers';
import type { ArchiveEdition } from './schemas/editions';

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
  /** Open Graph's type: a page of the site unless said otherwise. */
  type?: 'website' | 'article';
}

/** Each page's name in the catalogue (`meta.<name>.title`, `meta.<name>.description`). */
const PAGE_NAMES: Record<string, string> = {
  '/': 'home',
  '/about': 'about',
  '/get-involved': 'get_involved',
  '/volunteer': 'volunteer',
  '/partner': 'partner',
  '/advocate': 'advocate',
  '/volunteer-form': 'volunteer_form',
  '/partner-form': 'partner_form',
  '/advocate-form': 'advocate_form',
  '/partner-success': 'partner_success',
  '/campaigns': 'campaigns',
  '/newsletter': 'newsletter',
  '/contact': 'contact',
  '/donate': 'donate',
  '/faqs': 'faqs',
  '/terms': 'terms',
  '/privacy': 'privacy',
  '/login': 'login',
};

/** The paths of the public pages. */
export const PAGE_PATHS = Object.keys(PAGE_NAMES);

const site = { site: FOUNDATION.name };
const metaOf = (name: string): PageMeta => ({
  title: t(`meta.${name}.title` as MessageKey, site),
  description: t(`meta.${name}.description` as MessageKey, site),
});

export const notFoundMeta = (): PageMeta => metaOf('notFound');

/** The head of a campaign page whose campaign does not exist. */
export const campaignNotFoundMeta = (): PageMeta => metaOf('campaignNotFound');

/** A campaign's own head: its title and short description in the language shown (English until translated). */
export function campaignMeta(campaign: Campaign): PageMeta {
  const texts = campaignTexts(campaign);
  return {
    title: t('meta.campaign.title', { ...site, title: texts.title }),
    description: (texts.shortDescription || texts.description).slice(0, 200),
    image: campaign.image,
  };
}

/** The head of an edition page whose edition does not exist (or was not sent). */
export const editionNotFoundMeta = (): PageMeta => metaOf('editionNotFound');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decodeEntity = (entity: string, name: string): string => {
  const code =
    name.startsWith('#x') || name.startsWith('#X')
      ? Number.parseInt(name.slice(2), 16)
      : name.startsWith('#')
        ? Number(name.slice(1))
        : Number.NaN;
  if (!Number.isNaN(code)) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
  return ENTITIES[name.toLowerCase()] ?? entity;
};

/** The first words of an edition's (sanitised) HTML as plain text, for link previews. */
export function editionDescription(html: string, max = 200): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d{1,7}|#x[\da-f]{1,6}|[a-z]{2,8});/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A sent edition's own head: its subject, first words and the featured campaign's picture. */
export function editionMeta(edition: ArchiveEdition): PageMeta {
  return {
    title: t('meta.edition.title', { ...site, title: edition.subject }),
    description: editionDescription(edition.html),
    ...(edition.campaign ? { image: edition.campaign.image } : {}),
    type: 'article',
  };
}

/** Meta of a path; unknown paths get the not-found head, admin paths the dashboard's. */
export function metaForPath(pathname: string): PageMeta {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (clean.startsWith('/admin'))
    return { title: t('meta.dashboard.title', site), description: metaOf('home').description };
  // A donor's own pledge page: not for search engines (server/http/pages.ts keeps it out of caches and indexes).
  if (clean.startsWith('/pledge/')) return metaOf('pledge');
  // "Find my pledge": about a donor's own pledges, kept out of indexes too.
  if (clean === '/pledge-lookup') return metaOf('pledge_lookup');
  // The newsletter's mailed links: kept out of indexes like the pledge page.
  if (clean === '/newsletter/confirm') return metaOf('newsletter_confirm');
  if (clean === '/newsletter/unsubscribe') return metaOf('newsletter_unsubscribe');
  const name = PAGE_NAMES[clean];
  return name ? metaOf(name) : notFoundMeta();
}

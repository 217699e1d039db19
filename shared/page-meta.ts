/**
 * Title and description of every public route: the client sets them on navigation and the server
 * writes them into the HTML it sends, so link previews and search engines see them too.
 */
import { FOUNDATION } from './constants';

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
}

const SITE = FOUNDATION.name;

export const PAGE_META: Record<string, PageMeta> = {
  '/': {
    title: `${SITE} — Community Development in Northern Nigeria`,
    description:
      'We fund water, health, education, feeding and infrastructure projects with communities across Northern Nigeria. Give by bank transfer, volunteer or partner with us.',
  },
  '/about': {
    title: `About us — ${SITE}`,
    description: 'How the foundation began, what it does and how it works with communities in Northern Nigeria.',
  },
  '/get-involved': {
    title: `Get involved — ${SITE}`,
    description: 'Volunteer, partner, advocate or join our community.',
  },
  '/volunteer': {
    title: `Volunteer — ${SITE}`,
    description: 'Give your time and skills to community projects in Northern Nigeria.',
  },
  '/partner': {
    title: `Partner with us — ${SITE}`,
    description: 'Fund a project, share expertise or donate in kind with the foundation.',
  },
  '/advocate': {
    title: `Become an advocate — ${SITE}`,
    description: 'Speak up for the communities we serve, online and in person.',
  },
  '/volunteer-form': {
    title: `Volunteer application — ${SITE}`,
    description: 'Apply to volunteer with the foundation.',
  },
  '/partner-form': {
    title: `Partnership application — ${SITE}`,
    description: 'Tell us how your organisation would like to partner with us.',
  },
  '/advocate-form': {
    title: `Advocate sign-up — ${SITE}`,
    description: 'Sign up to advocate for community development in Northern Nigeria.',
  },
  '/partner-success': { title: `Thank you — ${SITE}`, description: 'Your partnership application has been received.' },
  '/campaigns': {
    title: `Campaigns — ${SITE}`,
    description:
      'Fundraising campaigns for water, health, education, feeding, infrastructure and crisis response in Northern Nigeria.',
  },
  '/contact': { title: `Contact us — ${SITE}`, description: 'Send the foundation a message.' },
  '/donate': {
    title: `Donate — ${SITE}`,
    description: 'Give by bank transfer to the foundation. Online donation is coming soon.',
  },
  '/faqs': {
    title: `Frequently asked questions — ${SITE}`,
    description: 'Answers about giving, volunteering and how we use donations.',
  },
  '/terms': { title: `Terms of Use — ${SITE}`, description: 'The terms for using this website.' },
  '/privacy': {
    title: `Privacy Policy — ${SITE}`,
    description: 'How we collect, use and protect your personal data under the Nigeria Data Protection Act 2023.',
  },
  '/login': { title: `Staff sign-in — ${SITE}`, description: 'Sign in to the foundation dashboard.' },
};

export const NOT_FOUND_META: PageMeta = { title: `Page not found — ${SITE}`, description: 'This page does not exist.' };

/** The head of a campaign page whose campaign does not exist. */
export const CAMPAIGN_NOT_FOUND_META: PageMeta = {
  title: `Campaign not found — ${SITE}`,
  description: NOT_FOUND_META.description,
};

export const campaignMeta = (campaign: {
  title: string;
  shortDescription: string;
  description: string;
  image: string;
}): PageMeta => ({
  title: `${campaign.title} — ${SITE}`,
  description: (campaign.shortDescription || campaign.description).slice(0, 200),
  image: campaign.image,
});

/** Meta of a path; unknown and admin paths get the site's default. */
/** A donor's own pledge page: not for search engines (server/http/pages.ts keeps it out of caches and indexes). */
export const PLEDGE_META: PageMeta = {
  title: `Your pledge — ${SITE}`,
  description: 'Your payment reference, where to transfer, and your receipt.',
};

export function metaForPath(pathname: string): PageMeta {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (clean.startsWith('/admin')) return { title: `Dashboard — ${SITE}`, description: PAGE_META['/']!.description };
  if (clean.startsWith('/pledge/')) return PLEDGE_META;
  return PAGE_META[clean] ?? NOT_FOUND_META;
}

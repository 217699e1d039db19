/**
 * Where a message appears, for the Texts screen: a page's path, a dashboard screen's path, or one
 * of a few words for texts that are not on one page (the screen translates those). Read from the
 * key's first part (and the second, for `admin.` and `meta.` keys), the way the catalogue names them.
 */
export const PLACE_WORDS = ['everywhere', 'forms', 'mail', 'api', 'dashboard'] as const;

const BY_PREFIX: Record<string, string> = {
  // Public pages.
  home: '/',
  network: '/',
  about: '/about',
  involved: '/get-involved',
  volunteer: '/volunteer',
  partner: '/partner',
  advocate: '/advocate',
  volunteerForm: '/volunteer-form',
  partnerForm: '/partner-form',
  advocateForm: '/advocate-form',
  partnerSuccess: '/partner-success',
  campaigns: '/campaigns',
  campaign: '/campaign/{id}',
  detail: '/campaign/{id}',
  share: '/campaign/{id}',
  supporters: '/campaign/{id}',
  give: '/campaign/{id}',
  pledge: '/campaign/{id}',
  pay: '/pledge/{reference}',
  pledgePage: '/pledge/{reference}',
  pledgeAfter: '/pledge/{reference}',
  pledgeLookup: '/pledge-lookup',
  newsletter: '/newsletter',
  archive: '/newsletter/{id}',
  contact: '/contact',
  contactForm: '/contact',
  donate: '/donate',
  faqs: '/faqs',
  terms: '/terms',
  privacy: '/privacy',
  legal: '/terms',
  notFound: '/404',
  login: '/login',
  auth: '/login',
  passwordReset: '/forgot-password',
  // On every page, or in every form.
  shell: 'everywhere',
  nav: 'everywhere',
  footer: 'everywhere',
  common: 'everywhere',
  language: 'everywhere',
  date: 'everywhere',
  choice: 'everywhere',
  meta: 'everywhere',
  form: 'forms',
  validation: 'forms',
  submission: 'forms',
  // What third parties and the site's scripts read.
  request: 'api',
  server: 'api',
  upload: '/admin/campaigns',
  // Mail.
  mail: 'mail',
  alerts: 'mail',
  // The dashboard's screens.
  dashboard: '/admin',
  submissions: '/admin/submissions',
  notes: '/admin/submissions',
  statements: '/admin/donations',
  gifts: '/admin/donations',
  giving: '/admin/donations',
  account: '/admin/account',
  users: '/admin/users',
  settings: '/admin/settings',
  activity: '/admin/activity',
  outbox: '/admin/outbox',
  editions: '/admin/newsletters',
  texts: '/admin/texts',
};

const ADMIN_SCREENS: Record<string, string> = {
  campaigns: '/admin/campaigns',
  form: '/admin/campaigns',
  image: '/admin/campaigns',
  gallery: '/admin/campaigns',
  list: '/admin/campaigns',
  submissions: '/admin/submissions',
  field: '/admin/submissions',
  notes: '/admin/submissions',
  users: '/admin/users',
  role: '/admin/users',
  activity: '/admin/activity',
  analytics: '/admin/analytics',
  settings: '/admin/settings',
  backups: '/admin/settings',
  giving: '/admin/donations',
  account: '/admin/account',
  firstPassword: '/admin/account',
  login: '/login',
};

/** The page whose head a `meta.<page>.…` key fills. */
const META_PAGES: Record<string, string> = {
  home: '/',
  get_involved: '/get-involved',
  volunteer_form: '/volunteer-form',
  partner_form: '/partner-form',
  advocate_form: '/advocate-form',
  partner_success: '/partner-success',
  pledge: '/pledge/{reference}',
  pledge_lookup: '/pledge-lookup',
  campaign: '/campaign/{id}',
  campaignNotFound: '/campaign/{id}',
  notFound: '/404',
  dashboard: '/admin',
  newsletter_confirm: '/newsletter/confirm',
  newsletter_unsubscribe: '/newsletter/unsubscribe',
  edition: '/newsletter/{id}',
  editionNotFound: '/newsletter/{id}',
};

export function placeOf(key: string): string {
  const [first = '', second = ''] = key.split('.');
  if (first === 'admin') return ADMIN_SCREENS[second] ?? 'dashboard';
  if (first === 'meta') return META_PAGES[second] ?? `/${second.replace(/_/g, '-')}`;
  if (first === 'activity' || (first === 'alerts' && second === 'activity')) return '/admin/activity';
  return BY_PREFIX[first] ?? 'everywhere';
}

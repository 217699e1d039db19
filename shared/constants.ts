/** Business constants and choice lists of the product spec (sections 5 and 9). One place each. */

export const VOLUNTEER_INTERESTS = [
  'Educational Programs',
  'Health Outreach',
  'Infrastructure Projects',
  'Administrative Support',
  'Community Events',
  'Fundraising',
] as const;

export const AVAILABILITY_OPTIONS = ['Weekdays', 'Weekends', 'Evenings', 'Flexible'] as const;

export const ORGANIZATION_TYPES = [
  'Business',
  'Non-Profit Organization',
  'Government Agency',
  'Educational Institution',
  'Foundation',
  'Other',
] as const;

export const PARTNERSHIP_TYPES = [
  'Financial Support',
  'Technical Expertise',
  'Resource Sharing',
  'Project Implementation',
  'Capacity Building',
  'Research Collaboration',
] as const;

export const PROJECT_INTERESTS = [
  'Education',
  'Healthcare',
  'Water & Sanitation',
  'Infrastructure Development',
  'Economic Empowerment',
  'Community Development',
] as const;

export const ADVOCACY_INTERESTS = [
  'Social Media Advocacy',
  'Community Speaking',
  'Fundraising',
  'Event Organization',
  'Content Creation',
  'Network Building',
] as const;

export const CAMPAIGN_LOCATIONS = [
  'Adamawa',
  'Bauchi',
  'Benue',
  'Borno',
  'Gombe',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Nasarawa',
  'Niger',
  'Plateau',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;

export const CAMPAIGN_CATEGORIES = ['Crises', 'Education', 'Feeding', 'Health', 'Infrastructure', 'Water'] as const;

export type CampaignLocation = (typeof CAMPAIGN_LOCATIONS)[number];
export type CampaignCategory = (typeof CAMPAIGN_CATEGORIES)[number];

/** Statuses of volunteer, partner and advocate submissions. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** Statuses of newsletter subscriptions; 'active' is the default. */
export const NEWSLETTER_STATUSES = ['active', 'unsubscribed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const SUBMISSION_TYPES = ['volunteer', 'partner', 'advocate', 'newsletter', 'contact'] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];
/** Submission types that carry a status an admin can change (contact messages have none). */
export const STATUS_TYPES = ['volunteer', 'partner', 'advocate', 'newsletter'] as const;
export type StatusType = (typeof STATUS_TYPES)[number];

/** The one campaign status the spec knows: every save sends it. */
export const CAMPAIGN_STATUS = 'active' as const;

export const GALLERY_LIMIT = 8;
export const HOME_LATEST_CAMPAIGNS = 3;
/** Success messages and the redirects after them wait this long. */
export const SUCCESS_DELAY_MS = 5000;
export const TOAST_LIMIT = 20;
export const TOKEN_STORAGE_KEY = 'token';

/** Fixed change labels next to the first three dashboard figures. */
export const DASHBOARD_CHANGE_LABELS = ['+12.5%', '+2', '+1'] as const;

/** For every naira given: kobo to the campaign and kobo to administration and maintenance. */
export const DONATION_SPLIT_KOBO = { campaign: 80, administration: 20 } as const;

export const DEFAULT_BANK_NAME = 'United Bank for Africa';

/** Largest amount a campaign target or raised figure may hold, in naira. */
export const MAX_NAIRA = 1_000_000_000_000;

/** Length limits of text fields, in characters. */
export const TEXT_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  short: 200,
  medium: 500,
  long: 5000,
  campaignText: 20000,
  url: 2048,
} as const;

/** Where uploaded images are served, and the image shown when a campaign has none. */
export const UPLOADS_PREFIX = '/api/uploads/';
export const PLACEHOLDER_IMAGE = '/images/placeholder-campaign.svg';
/** Width variants the upload pipeline stores next to the full image. */
export const IMAGE_WIDTHS = [320, 640, 1024] as const;
export const IMAGE_MAX_DIMENSION = 1600;

export const FOUNDATION = {
  name: 'Arewa Community Development Foundation',
  shortName: 'ACDF',
  email: 'info@example.org',
  phone: '+234 803 000 0000',
  address: 'Kano, Kano State, Nigeria',
} as const;

/** The most tRPC queries one request may carry: the client batches up to this, the server refuses more. */
export const MAX_TRPC_BATCH = 10;

/** Banks licensed in Nigeria that the foundation's account may be held at (settings). */
export const NIGERIAN_BANKS = [
  'Access Bank',
  'Citibank Nigeria',
  'Ecobank Nigeria',
  'Fidelity Bank',
  'First Bank of Nigeria',
  'First City Monument Bank',
  'Globus Bank',
  'Guaranty Trust Bank',
  'Jaiz Bank',
  'Keystone Bank',
  'Lotus Bank',
  'Optimus Bank',
  'Parallex Bank',
  'Polaris Bank',
  'PremiumTrust Bank',
  'Providus Bank',
  'Signature Bank',
  'Stanbic IBTC Bank',
  'Standard Chartered Bank',
  'Sterling Bank',
  'SunTrust Bank',
  'TAJBank',
  'Titan Trust Bank',
  'Union Bank of Nigeria',
  'United Bank for Africa',
  'Unity Bank',
  'Wema Bank',
  'Zenith Bank',
] as const;

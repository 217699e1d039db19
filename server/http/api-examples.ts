/**
 * Example bodies for the REST paths, with the fields the spec names. They
 * appear in the OpenAPI document, and the contract test validates them against it.
 */
export const VOLUNTEER_EXAMPLE = {
  firstName: 'Aisha',
  lastName: 'Bello',
  email: 'aisha.bello@example.org',
  phone: '+234 803 123 4567',
  occupation: 'Teacher',
  interests: ['Educational Programs', 'Community Events'],
  availability: 'Weekends',
  experience: 'Two years of adult literacy classes in Kano.',
  motivation: 'I want girls in my ward to finish secondary school.',
};

export const PARTNER_EXAMPLE = {
  organizationName: 'Sahel Water Works Ltd',
  contactFirstName: 'Ibrahim',
  contactLastName: 'Musa',
  email: 'partnerships@example.com',
  phone: '+234 802 555 0199',
  organizationType: 'Business',
  partnershipType: ['Technical Expertise', 'Project Implementation'],
  projectInterests: ['Water & Sanitation'],
  resourceContribution: 'Borehole drilling crews and six months of maintenance.',
  message: 'We work across Jigawa and Katsina.',
};

export const ADVOCATE_EXAMPLE = {
  firstName: 'Zainab',
  lastName: 'Umar',
  email: 'zainab.umar@example.org',
  phone: '',
  city: 'Maiduguri',
  state: 'Borno',
  socialMediaHandles: '@zainab_speaks',
  advocacyInterests: ['Social Media Advocacy', 'Content Creation'],
  experience: '',
  message: 'I can share your campaigns with my followers every month.',
};

export const CONTACT_EXAMPLE = {
  name: 'Musa Danjuma',
  email: 'musa.danjuma@example.org',
  phone: '+234 806 000 1122',
  subject: 'Visiting a project',
  message: 'Can our school visit the water project in Dutse?',
};

export const NEWSLETTER_EXAMPLE = { email: 'reader@example.org' };

/** A form's optional `clientId`: the id its sender's browser gave it, so a repeat is stored once. */
export const FORM_CLIENT_ID_EXAMPLE = '3f0c2a4e-8b1d-4c6e-9a57-2d8e4b1c7f90';

/** The token of a mailed newsletter link (shortened here). */
export const NEWSLETTER_LINK_EXAMPLE = { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMTkzYTFiMiJ9.c2lnbmF0dXJl' };
export const ONE_CLICK_EXAMPLE = { 'List-Unsubscribe': 'One-Click' };
export const NEWSLETTER_CONFIRMED_EXAMPLE = { message: 'Thank you! Your subscription to our newsletter is confirmed.' };
export const NEWSLETTER_UNSUBSCRIBED_EXAMPLE = { message: 'You will not receive our newsletter any more.' };

export const LOGIN_EXAMPLE = { email: 'admin@example.org', password: 'a long pass phrase' };

export const STATUS_EXAMPLE = { status: 'approved' };

export const CAMPAIGN_EXAMPLE = {
  title: 'Clean Water for Dutse',
  description: 'Three solar-powered boreholes for villages around Dutse, Jigawa State.',
  shortDescription: 'Boreholes for three villages',
  overview: {
    mainText: 'Families walk two hours a day for water.',
    challengeText: 'Hand-dug wells dry up from February.',
    solutionText: 'Solar boreholes with community caretakers.',
    impactText: 'About 4,000 people with safe water all year.',
  },
  updates: [{ date: '2026-10-01', content: 'Survey of the first site finished.' }],
  image: '/api/uploads/3f9a1c2e7b5d4e6f8a0b1c2d3e4f5a6b.webp',
  galleryImages: ['https://example.org/photos/site-survey.jpg'],
  target: 12000000,
  amountRaised: 2500000,
  supporters: 0,
  status: 'active',
  location: 'Jigawa',
  category: 'Water',
  endDate: '2027-03-31',
  impact: '4,000 people',
  accountName: '',
  accountNumber: '',
  bankName: '',
};

export const PASSWORD_CHANGE_EXAMPLE = {
  currentPassword: 'the one-time password',
  newPassword: 'a long pass phrase of my own',
};

export const USER_CREATE_EXAMPLE = { email: 'amina.bello@example.org', name: 'Amina Bello', role: 'reviewer' };

export const USER_UPDATE_EXAMPLE = { role: 'editor' };

export const SETTINGS_EXAMPLE = {
  accountName: 'Arewa Community Development Foundation',
  accountNumber: '1023456789',
  bankName: 'United Bank for Africa',
  contactEmail: 'info@example.org',
  contactPhone: '+234 803 000 0000',
  contactAddress: 'Kano, Kano State, Nigeria',
  pledgeExpiryDays: 14,
  welcomeMail: false,
  feePercent: 1.5,
  feeFlat: 100,
  feeWaivedBelow: 2500,
  feeCap: 2000,
  confirmWorkingDays: 2,
  cacRcNumber: 'IT 123456',
};

/** The settings as staff read them: with whether online payment is on. */
export const SETTINGS_ANSWER_EXAMPLE = { ...SETTINGS_EXAMPLE, onlinePayment: { enabled: true, mode: 'live' } };

export const NOTE_EXAMPLE = { body: 'Called her on Tuesday: she can start in January.' };

export const PLEDGE_EXAMPLE = {
  campaignId: '0193a1b2-0000-7000-8000-000000000001',
  amount: 5000,
  name: 'Amina Bello',
  anonymous: false,
  hideAmount: false,
  phone: '0803 123 4567',
  email: '',
};

export const PLEDGE_UPDATE_EXAMPLE = { status: 'confirmed', amountReceived: 5000, receivedOn: '2026-11-20' };

/*
 * Example answers (2xx JSON bodies), shown in the document beside their schema; the contract
 * test validates each against the schema it illustrates.
 */
const ID = '0193a1b2-0000-7000-8000-000000000001';
const AT = '2026-11-20T09:30:00.000Z';

export const CAMPAIGN_RECORD_EXAMPLE = {
  _id: ID,
  title: CAMPAIGN_EXAMPLE.title,
  description: CAMPAIGN_EXAMPLE.description,
  shortDescription: CAMPAIGN_EXAMPLE.shortDescription,
  overview: { ...CAMPAIGN_EXAMPLE.overview, mainTextHa: '', challengeTextHa: '', solutionTextHa: '', impactTextHa: '' },
  updates: [{ _id: '0193a1b2-0000-7000-8000-000000000002', ...CAMPAIGN_EXAMPLE.updates[0]!, contentHa: '' }],
  image: CAMPAIGN_EXAMPLE.image,
  galleryImages: CAMPAIGN_EXAMPLE.galleryImages,
  target: CAMPAIGN_EXAMPLE.target,
  amountRaised: CAMPAIGN_EXAMPLE.amountRaised,
  supporters: 41,
  status: 'active',
  location: CAMPAIGN_EXAMPLE.location,
  category: CAMPAIGN_EXAMPLE.category,
  endDate: CAMPAIGN_EXAMPLE.endDate,
  impact: CAMPAIGN_EXAMPLE.impact,
  accountName: '',
  accountNumber: '',
  bankName: '',
  createdAt: AT,
  updatedAt: AT,
  titleHa: '',
  shortDescriptionHa: '',
  descriptionHa: '',
};

export const CAMPAIGN_LIST_ANSWER_EXAMPLE = [CAMPAIGN_RECORD_EXAMPLE];
export const CAMPAIGN_CREATED_EXAMPLE = { message: 'Campaign created successfully', campaign: CAMPAIGN_RECORD_EXAMPLE };
export const CAMPAIGN_UPDATED_EXAMPLE = { message: 'Campaign updated successfully', campaign: CAMPAIGN_RECORD_EXAMPLE };
export const CAMPAIGN_DELETED_EXAMPLE = { message: 'Campaign deleted successfully', _id: ID };

const reviewed = { _id: ID, status: 'pending', registrationDate: AT };

/** The 201 of each form: the stored record (`data: null` for the newsletter, every address alike). */
export const REGISTERED_EXAMPLES = {
  volunteer: {
    message: 'Application submitted successfully! We will contact you soon.',
    data: { ...VOLUNTEER_EXAMPLE, ...reviewed },
  },
  partner: {
    message: 'Application submitted successfully! We will contact you soon.',
    data: { ...PARTNER_EXAMPLE, ...reviewed },
  },
  advocate: {
    message: 'Application submitted successfully! We will contact you soon.',
    data: { ...ADVOCATE_EXAMPLE, ...reviewed },
  },
  contact: {
    message: 'Message sent successfully! We will get back to you soon.',
    data: { ...CONTACT_EXAMPLE, _id: ID, createdAt: AT },
  },
  newsletter: { message: 'Thank you for subscribing to our newsletter!', data: null },
} as const;

export const STATUS_UPDATED_EXAMPLE = { message: 'Status updated successfully', _id: ID, status: 'approved' };
export const SUBMISSION_DELETED_EXAMPLE = { message: 'Submission deleted', _id: ID };

export const LOGIN_ANSWER_EXAMPLE = {
  token: 'eyJhbGciOiJIUzI1NiJ9.e30.signature',
  message: 'Login successful',
  mustChangePassword: false,
};
export const SIGNED_OUT_EXAMPLE = { message: 'Signed out' };
export const PASSWORD_CHANGED_EXAMPLE = { message: 'Password changed. Your other sessions have been signed out.' };
export const PASSWORD_FORGOT_EXAMPLE = { email: 'amina.bello@example.org' };
export const PASSWORD_RESET_REQUESTED_EXAMPLE = {
  message:
    'If a staff account uses this address, a link to choose a new password is on its way. It works once, for 30 minutes.',
};
export const PASSWORD_RESET_LINK_EXAMPLE = {
  token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMTkzYzFmMi03YjJhLTdjM2QifQ.sJ8zN5x3b2Yq',
  password: 'a long pass phrase of my own',
};
export const PASSWORD_RESET_DONE_EXAMPLE = { message: 'Your password is set. You can now sign in with it.' };

export const UPLOAD_EXAMPLE = { path: CAMPAIGN_EXAMPLE.image };
export const UPLOADS_EXAMPLE = {
  files: [UPLOAD_EXAMPLE, { path: '/api/uploads/7c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f.webp' }],
};

export const PLEDGE_CREATED_EXAMPLE = {
  message: 'Your payment reference is ready',
  data: {
    reference: 'K7Q2M9XD',
    amount: PLEDGE_EXAMPLE.amount,
    campaignId: PLEDGE_EXAMPLE.campaignId,
    status: 'pending',
    expiresAt: '2026-12-04T09:30:00.000Z',
    bank: {
      accountName: SETTINGS_EXAMPLE.accountName,
      accountNumber: SETTINGS_EXAMPLE.accountNumber,
      bankName: SETTINGS_EXAMPLE.bankName,
    },
  },
};

export const PUBLIC_PLEDGE_EXAMPLE = {
  reference: 'K7Q2M9XD',
  campaignId: PLEDGE_EXAMPLE.campaignId,
  campaignTitle: CAMPAIGN_EXAMPLE.title,
  amount: PLEDGE_EXAMPLE.amount,
  status: 'confirmed',
  createdAt: AT,
  expiresAt: '2026-12-04T09:30:00.000Z',
  receivedAmount: PLEDGE_EXAMPLE.amount,
  receivedOn: '2026-11-21',
  paidOnline: true,
};

export const PAY_EXAMPLE = { email: 'amina@example.org', coverFees: true };
export const PAY_ANSWER_EXAMPLE = { authorizationUrl: 'https://checkout.paystack.com/0peioxfhpn' };
export const WEBHOOK_EXAMPLE = {
  event: 'charge.success',
  data: {
    id: 4099260516,
    status: 'success',
    reference: 'K7Q2M9XD-1',
    amount: 507700,
    currency: 'NGN',
    channel: 'card',
    fees: 7700,
    paid_at: '2026-11-21T09:31:12.000Z',
    customer: { email: 'amina@example.org' },
  },
};

export const VERIFY_ANSWER_EXAMPLE = {
  message: 'Token is valid',
  email: 'admin@example.org',
  id: ID,
  name: 'Amina Bello',
  role: 'admin',
  mustChangePassword: false,
};
export const SIGN_INS_EXAMPLE = {
  signIns: [
    { at: AT, succeeded: true, ip: '197.210.53.12' },
    { at: '2026-11-19T18:02:11.000Z', succeeded: false, ip: '197.210.53.12' },
  ],
};
export const SETTINGS_SAVED_EXAMPLE = { message: 'Settings saved', settings: SETTINGS_ANSWER_EXAMPLE };

export const HEALTH_EXAMPLE = { status: 'ok' };
export const READY_EXAMPLE = { status: 'ready' };

const STAFF_ID = '0193a1b2-0000-7000-8000-000000000003';
const VOLUNTEER_ID = '0193a1b2-0000-7000-8000-000000000004';

export const SUBMISSION_LISTS_EXAMPLE = {
  volunteer: [REGISTERED_EXAMPLES.volunteer.data],
  partner: [REGISTERED_EXAMPLES.partner.data],
  advocate: [REGISTERED_EXAMPLES.advocate.data],
  newsletter: [{ _id: ID, email: NEWSLETTER_EXAMPLE.email, status: 'active', subscriptionDate: AT, confirmed: true }],
  contact: [REGISTERED_EXAMPLES.contact.data],
  next: {
    volunteer: `1763631000000000_${ID}`,
    partner: null,
    advocate: null,
    newsletter: null,
    contact: null,
  },
  counts: { volunteer: 128, partner: 1, advocate: 1, newsletter: 1, contact: 1 },
};

const NOTE = { id: ID, author: 'Amina Bello', body: NOTE_EXAMPLE.body, createdAt: AT };
export const NOTES_EXAMPLE = { notes: [NOTE] };
export const NOTE_ADDED_EXAMPLE = { message: 'Note added', note: NOTE };

export const DASHBOARD_STATS_EXAMPLE = {
  totalRaised: 18450000,
  activeCampaigns: 6,
  locations: 4,
  monthlyGrowth: 12.5,
  currentMonthRaised: 2250000,
  previousMonthRaised: 2000000,
  currentMonth: '2026-11',
  previousMonth: '2026-10',
};

const STAFF_ACCOUNT = {
  id: STAFF_ID,
  email: USER_CREATE_EXAMPLE.email,
  name: USER_CREATE_EXAMPLE.name,
  role: 'reviewer',
  status: 'active',
  mustChangePassword: false,
  lastSignInAt: AT,
  createdAt: '2026-09-01T08:00:00.000Z',
};
const NEW_ACCOUNT = { ...STAFF_ACCOUNT, mustChangePassword: true, lastSignInAt: null, createdAt: AT };

export const USERS_EXAMPLE = {
  users: [{ ...STAFF_ACCOUNT, id: ID, email: LOGIN_EXAMPLE.email, name: 'Musa Danjuma', role: 'admin' }, STAFF_ACCOUNT],
};
export const USER_CREATED_EXAMPLE = {
  message: 'Staff member added',
  user: NEW_ACCOUNT,
  password: 'q3Zr8VtL1mXk0bWc',
  invitationMailed: true,
};
export const USER_SAVED_EXAMPLE = { message: 'Staff member updated', user: { ...STAFF_ACCOUNT, role: 'editor' } };
export const PASSWORD_RESET_EXAMPLE = {
  message: 'A new one-time password was made',
  user: { ...STAFF_ACCOUNT, mustChangePassword: true },
  password: 'Hn5pW2sYc9JdA7uE',
};

export const AUDIT_EXAMPLE = {
  items: [
    {
      id: ID,
      at: AT,
      actorId: STAFF_ID,
      actor: 'Amina Bello',
      action: 'submission.status',
      target: `volunteer/${VOLUNTEER_ID}`,
      summary: 'set to approved',
      ip: '197.210.53.12',
      requestId: '0b6f3c52-5d0e-4a8b-9f1e-2c7d4e8a9b10',
      description: 'Amina Bello approved a volunteer',
      link: { label: 'Hauwa Usman', path: '/admin/submissions?type=volunteer&q=hauwa%40example.org' },
    },
  ],
  next: `1763631000000000_${ID}`,
};

const STAFF_PLEDGE = {
  ...PUBLIC_PLEDGE_EXAMPLE,
  id: ID,
  name: PLEDGE_EXAMPLE.name,
  anonymous: false,
  hideAmount: false,
  phone: '+2348031234567',
  email: 'amina@example.org',
  outstanding: 0,
  online: { channel: 'card', grossKobo: 507700, feeKobo: 7700, netKobo: 500000, review: null },
};

export const PLEDGES_EXAMPLE = {
  items: [
    STAFF_PLEDGE,
    {
      reference: 'P4W8N2CJ',
      campaignId: PLEDGE_EXAMPLE.campaignId,
      campaignTitle: CAMPAIGN_EXAMPLE.title,
      amount: 20000,
      status: 'pending',
      createdAt: '2026-11-19T14:05:00.000Z',
      expiresAt: '2026-12-03T14:05:00.000Z',
      receivedAmount: 0,
      paidOnline: false,
      online: null,
      id: '0193a1b2-0000-7000-8000-000000000005',
      name: '',
      anonymous: true,
      hideAmount: true,
      phone: null,
      email: 'giver@example.org',
      outstanding: 20000,
    },
  ],
  next: null,
};
export const PLEDGE_UPDATED_EXAMPLE = { message: 'Pledge updated', data: STAFF_PLEDGE };

export const STATEMENT_IMPORTED_EXAMPLE = {
  statementId: ID,
  lines: 42,
  credits: 30,
  duplicates: 4,
  matches: { sure: 18, likely: 3 },
  settlements: 1,
  unmatched: 4,
  debits: 11,
  problems: [{ row: 17, message: 'The amount could not be read' }],
};

const STATEMENT_LINE = {
  id: '0193a1b2-0000-7000-8000-000000000006',
  statementId: ID,
  row: 4,
  date: '2026-11-21',
  narration: 'TRF FROM AMINA BELLO K7Q2M9XD',
  amount: PLEDGE_EXAMPLE.amount,
  amountKobo: PLEDGE_EXAMPLE.amount * 100,
  bankReference: 'FT26325ABC123',
  kind: 'sure',
  status: 'open',
  pledge: {
    id: ID,
    reference: 'K7Q2M9XD',
    name: PLEDGE_EXAMPLE.name,
    amount: PLEDGE_EXAMPLE.amount,
    campaignTitle: CAMPAIGN_EXAMPLE.title,
  },
  gift: null,
  settledGifts: 0,
};

export const STATEMENT_LINES_EXAMPLE = {
  lines: [
    STATEMENT_LINE,
    {
      ...STATEMENT_LINE,
      id: '0193a1b2-0000-7000-8000-000000000007',
      row: 5,
      narration: 'NIP TRANSFER FROM SULE GARBA',
      amount: 15000,
      amountKobo: 1500000,
      bankReference: null,
      kind: null,
      pledge: null,
    },
    {
      ...STATEMENT_LINE,
      id: '0193a1b2-0000-7000-8000-00000000000a',
      row: 6,
      narration: 'NIP/PAYSTACK PAYMENTS LIMITED/Settlement 1234',
      amount: 19700,
      amountKobo: 1970000,
      bankReference: null,
      kind: null,
      status: 'settlement',
      pledge: null,
      settledGifts: 2,
    },
  ],
};
export const LINES_CONFIRMED_EXAMPLE = { message: 'Matches confirmed: 18', confirmed: 18, skipped: 2 };
export const LINE_DECIDED_EXAMPLE = {
  message: 'Line saved',
  data: {
    ...STATEMENT_LINE,
    status: 'confirmed',
    gift: { receiptNumber: 'R2026-000042', campaignTitle: CAMPAIGN_EXAMPLE.title },
  },
};

export const BACKUP_STATUS_EXAMPLE = {
  scheduled: true,
  everyHours: 24,
  keep: 7,
  latest: { name: 'site-backup-2026-11-20T02-00-00-000Z.tar.gz', bytes: 48213760, at: '2026-11-20T02:00:00.000Z' },
};

/** GET and PUT /api/auth/notifications: one's own alert choices, also the answer of both. */
export const ALERT_SETTINGS_EXAMPLE = { submissions: 'each', giving: 'daily' };

const FAILED_MAIL = {
  id: '0193a1b2-0000-7000-8000-000000000009',
  to: 'amina.bello@example.org',
  kind: 'pledge.reminder',
  subject: 'Reminder: your pledge P7K3M9QX expires on 4 December',
  status: 'failed',
  attempts: 1,
  lastError: 'EENVELOPE: 550 5.1.1 <amina.bello@example.org>: no such user',
  createdAt: '2026-11-20T09:30:00.000Z',
  sentAt: null,
};
export const OUTBOX_PAGE_EXAMPLE = {
  items: [
    FAILED_MAIL,
    {
      id: '0193a1b2-0000-7000-8000-000000000008',
      to: 'giver@example.org',
      kind: 'pledge.created',
      subject: 'Your pledge P4W8N2CJ: how to transfer ₦20,000',
      status: 'sent',
      attempts: 1,
      lastError: null,
      createdAt: '2026-11-19T14:05:00.000Z',
      sentAt: '2026-11-19T14:05:01.000Z',
    },
  ],
  next: '1763561100000000_0193a1b2-0000-7000-8000-000000000008',
};
export const OUTBOX_MESSAGE_EXAMPLE = {
  ...FAILED_MAIL,
  language: 'en',
  dueAt: '2026-11-20T09:30:00.000Z',
  retriedAt: null,
  html: '<!DOCTYPE html><html lang="en"><body><p>Hello Amina,</p><p>We have not yet received the ₦5,000 you pledged…</p></body></html>',
  text: 'Hello Amina,\n\nWe have not yet received the ₦5,000 you pledged…',
};
export const OUTBOX_RETRIED_EXAMPLE = {
  message: 'The message will be sent now',
  data: { ...FAILED_MAIL, status: 'queued' },
};

const EDITION_BODY = '## The borehole in Gezawa is drilled\n\nThanks to 312 of you, clean water flows…';
export const EDITION_INPUT_EXAMPLE = {
  subject: 'Clean water in Gezawa',
  subjectHa: 'Ruwa mai tsafta a Gezawa',
  body: EDITION_BODY,
  bodyHa: '## An gama haƙa rijiyar burtsatse a Gezawa\n\nGodiya ga mutum 312…',
  campaignId: '0193a1b2-0000-7000-8000-0000000000c1',
};
const EDITION_SUMMARY = {
  id: '0193a1b2-0000-7000-8000-00000000000e',
  subject: 'Clean water in Gezawa',
  subjectHa: 'Ruwa mai tsafta a Gezawa',
  status: 'draft',
  sendAt: null,
  startedAt: null,
  sentAt: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T09:00:00.000Z',
  counts: { recipients: 1840, queued: 0, sent: 0, failed: 0 },
};
export const EDITION_EXAMPLE = {
  ...EDITION_SUMMARY,
  body: EDITION_INPUT_EXAMPLE.body,
  bodyHa: EDITION_INPUT_EXAMPLE.bodyHa,
  campaignId: EDITION_INPUT_EXAMPLE.campaignId,
  audience: { en: 1210, ha: 630 },
};
export const EDITION_PAGE_EXAMPLE = {
  items: [
    {
      ...EDITION_SUMMARY,
      id: '0193a1b2-0000-7000-8000-00000000000f',
      subject: 'Our year in Kano',
      subjectHa: '',
      status: 'sent',
      startedAt: '2026-11-01T07:00:00.000Z',
      sentAt: '2026-11-01T07:04:10.000Z',
      counts: { recipients: 1795, queued: 0, sent: 1792, failed: 3 },
    },
  ],
  next: null,
};
export const EDITION_SAVED_EXAMPLE = { message: 'Edition saved as a draft', data: EDITION_EXAMPLE };
export const EDITION_SENDING_EXAMPLE = {
  message: 'The edition is being sent',
  data: {
    ...EDITION_EXAMPLE,
    status: 'sending',
    startedAt: '2026-11-28T10:00:00.000Z',
    counts: { recipients: 1840, queued: 1390, sent: 450, failed: 0 },
  },
};
export const EDITION_DELETED_EXAMPLE = {
  message: 'Draft deleted',
  data: { id: '0193a1b2-0000-7000-8000-00000000000e' },
};
export const EDITION_TESTED_EXAMPLE = {
  message: 'A test was sent to editor@example.org',
  data: { to: 'editor@example.org', languages: ['en', 'ha'] },
};
export const PLEDGE_LOOKUP_EXAMPLE = { email: 'amina.bello@example.org' };
export const PLEDGE_LOOKUP_SENT_EXAMPLE = {
  message:
    'If pledges were made with this email address, a mail with their links is on its way. It can take a few minutes: look in your spam folder too.',
};

export const TEXT_INPUT_EXAMPLE = { locale: 'ha', text: "Muna aiki tare da al'ummomi" };
export const TEXT_ITEM_EXAMPLE = {
  key: 'home.focusTitle',
  group: 'public',
  place: '/',
  en: 'Where we work',
  ha: 'Inda muke aiki',
  override: { ha: "Muna aiki tare da al'ummomi" },
  placeholders: [],
  stale: false,
  locked: [],
};
export const TEXT_REVIEW_EXAMPLE = {
  ...TEXT_ITEM_EXAMPLE,
  reviewedBy: 'Hauwa Sani',
  reviewedAt: '2026-12-02T10:15:00.000Z',
};
export const TEXTS_PAGE_EXAMPLE = {
  items: [
    TEXT_REVIEW_EXAMPLE,
    {
      key: 'home.campaignCount',
      group: 'public',
      place: '/',
      en: '{count, plural, one {# campaign} other {# campaigns}}',
      ha: '{count, plural, one {gangami #} other {gangamai #}}',
      override: {},
      placeholders: ['count'],
      stale: false,
      locked: [],
    },
  ],
  next: 'home.campaignCount',
  counts: { total: 1480, reviewed: 212, changed: 9 },
};

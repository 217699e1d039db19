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
};

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
export const SETTINGS_SAVED_EXAMPLE = { message: 'Settings saved', settings: SETTINGS_EXAMPLE };

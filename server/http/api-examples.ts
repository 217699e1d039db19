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

/** The exact texts of the product spec (sections 2, 8 and 9). Keys name the message, not the screen. */
export const specMessages = {
  // Forms
  'form.requiredFields': 'Please fill in all required fields',
  'form.registrationFailed': 'Registration failed',
  'form.registrationFallback': 'Failed to submit form. Please try again.',
  'form.applicationSuccess': 'Application submitted successfully! We will contact you soon.',
  'contact.failed': 'Message submission failed',
  'contact.fallback': 'Failed to submit message. Please try again.',
  'contact.success': 'Message sent successfully! We will get back to you soon.',
  'newsletter.fallback': 'Failed to subscribe. Please try again.',
  'newsletter.thanks': 'Thank you for subscribing to our newsletter!',
  'newsletter.success': 'Successfully subscribed!',

  // Login
  'login.invalid': 'Invalid credentials. Please try again.',
  'login.networkError': 'An error occurred. Please try again.',

  // Submissions admin
  'submissions.loadFailed': 'Failed to load submissions',
  'submissions.statusFailed': 'Failed to update status',
  'submissions.statusUpdated': 'Status updated successfully',
  'submissions.empty.volunteer': 'No volunteer applications yet',
  'submissions.empty.partner': 'No partner applications yet',
  'submissions.empty.advocate': 'No advocate applications yet',
  'submissions.empty.newsletter': 'No newsletter subscribers yet',
  'submissions.empty.contact': 'No contact messages yet',
  'date.notAvailable': 'Date not available',
  'date.invalid': 'Invalid date',

  // Campaigns
  'campaigns.httpError': 'HTTP error! status: {code}',
  'campaigns.fetchFailed': 'Failed to fetch campaigns. Please try again later.',
  'campaigns.listFailed': 'Failed to fetch campaigns',
  'campaigns.createFailed': 'Failed to create campaign...',
  'campaigns.updateFailed': 'Failed to update campaign...',
  'campaigns.deleteFailed': 'Failed to delete campaign...',
  'campaigns.notFound': 'Campaign not found',
  'campaigns.requiredFields': 'Please fill in all required fields: {fields}',
  'campaigns.deleteConfirm': 'Are you sure you want to delete this campaign?',
  'campaigns.donateNow': 'Donate now',

  // Uploads
  'upload.singleFailed': 'Failed to upload image. Please try again.',
  'upload.multipleFailed': 'Failed to upload images. Please try again.',

  // Admin dashboard
  'dashboard.comingSoon': 'Coming soon',
} as const;

/** The newsletter's public archive: the list of sent editions and each edition's page. */
export const archiveMessages = {
  'archive.title': 'Newsletter',
  'archive.notFound': 'Newsletter not found',
  'archive.footerLink': 'NEWSLETTER',
  'archive.notFoundText': 'This edition does not exist, or it has not been sent yet.',
  'archive.lead':
    'Every edition we have sent: news from the field, the campaigns that need you, and what your gifts made possible.',
  'archive.listLabel': 'Editions, newest first',
  'archive.empty': 'No edition has been sent yet. Subscribe below and the first one will come straight to your inbox.',
  'archive.read': 'Read',
  'archive.pages': 'More editions',
  'archive.older': 'Older editions',
  'archive.newest': 'Newest editions',
  'archive.loading': 'Loading the newsletter…',
  'archive.failed': 'The editions could not be loaded. Please try again.',
  'archive.back': 'All editions',
  'archive.inEnglish': 'This edition was written in English only.',
  'archive.featured': 'Featured campaign',
  'archive.raisedOf': '{raised} raised of {target}',
  'archive.give': 'Give',
  'archive.subscribeTitle': 'Get the next edition',
  'archive.subscribeText':
    'News from the field, a few times a year, straight to your inbox. No spam, and you can unsubscribe at any time.',
  'meta.newsletter.title': 'Newsletter — {site}',
  'meta.newsletter.description':
    'Read every edition of the newsletter of {site}: news from communities across Northern Nigeria and the campaigns that need you.',
  'meta.edition.title': '{title} — {site}',
  'meta.editionNotFound.title': 'Newsletter not found — {site}',
  'meta.editionNotFound.description': 'This page does not exist.',
};

/** The newsletter's public archive: the list of sent editions and each edition's page. */
export const archiveMessages = {
  'archive.title': 'Newsletter',
  'archive.notFound': 'Newsletter not found',
};

/**
 * Every catalogue file of both languages, in order: what the catalogue check, the PO export and
 * the Texts screen (server/texts/) read. The server and the scripts only: a browser loads its own
 * language's chunks (client/lib/catalogue.ts).
 */
import { adminMessages } from './en/admin';
import { alertMessages } from './en/alerts';
import { archiveMessages } from './en/archive';
import { choiceMessages } from './en/choices';
import { dateMessages } from './en/dates';
import { editionMessages } from './en/editions';
import { givingMessages } from './en/giving';
import { languageMessages } from './en/language';
import { mailMessages } from './en/mail';
import { metaMessages } from './en/meta';
import { newsletterMessages } from './en/newsletter';
import { outboxMessages } from './en/outbox';
import { passwordResetMessages } from './en/password-reset';
import { paymentMessages } from './en/payments';
import { publicMessages } from './en/public';
import { serverMessages } from './en/server';
import { specMessages } from './en/spec';
import { staffMessages } from './en/staff';
import { textMessages } from './en/texts';
import { adminMessagesHa } from './ha/admin';
import { alertMessagesHa } from './ha/alerts';
import { archiveMessagesHa } from './ha/archive';
import { choiceMessagesHa } from './ha/choices';
import { dateMessagesHa } from './ha/dates';
import { editionMessagesHa } from './ha/editions';
import { givingMessagesHa } from './ha/giving';
import { languageMessagesHa } from './ha/language';
import { mailMessagesHa } from './ha/mail';
import { metaMessagesHa } from './ha/meta';
import { newsletterMessagesHa } from './ha/newsletter';
import { outboxMessagesHa } from './ha/outbox';
import { passwordResetMessagesHa } from './ha/password-reset';
import { paymentMessagesHa } from './ha/payments';
import { publicMessagesHa } from './ha/public';
import { serverMessagesHa } from './ha/server';
import { specMessagesHa } from './ha/spec';
import { staffMessagesHa } from './ha/staff';
import { textMessagesHa } from './ha/texts';

export interface CatalogueGroup {
  /** The file's name under en/ and ha/, such as public or admin. */
  group: string;
  en: Record<string, string>;
  ha: Record<string, string>;
}

export const CATALOGUE_GROUPS: readonly CatalogueGroup[] = [
  { group: 'spec', en: specMessages, ha: specMessagesHa },
  { group: 'server', en: serverMessages, ha: serverMessagesHa },
  { group: 'public', en: publicMessages, ha: publicMessagesHa },
  { group: 'giving', en: givingMessages, ha: givingMessagesHa },
  { group: 'meta', en: metaMessages, ha: metaMessagesHa },
  { group: 'choices', en: choiceMessages, ha: choiceMessagesHa },
  { group: 'language', en: languageMessages, ha: languageMessagesHa },
  { group: 'dates', en: dateMessages, ha: dateMessagesHa },
  { group: 'admin', en: adminMessages, ha: adminMessagesHa },
  { group: 'staff', en: staffMessages, ha: staffMessagesHa },
  { group: 'mail', en: mailMessages, ha: mailMessagesHa },
  { group: 'newsletter', en: newsletterMessages, ha: newsletterMessagesHa },
  { group: 'alerts', en: alertMessages, ha: alertMessagesHa },
  { group: 'password-reset', en: passwordResetMessages, ha: passwordResetMessagesHa },
  { group: 'outbox', en: outboxMessages, ha: outboxMessagesHa },
  { group: 'editions', en: editionMessages, ha: editionMessagesHa },
  { group: 'archive', en: archiveMessages, ha: archiveMessagesHa },
  { group: 'payments', en: paymentMessages, ha: paymentMessagesHa },
  { group: 'texts', en: textMessages, ha: textMessagesHa },
];

/** The Hausa texts every page needs, registered when loaded (the browser loads one language). */
import { addMessages } from '..';
import { archiveMessagesHa } from './archive';
import { choiceMessagesHa } from './choices';
import { dateMessagesHa } from './dates';
import { givingMessagesHa } from './giving';
import { languageMessagesHa } from './language';
import { metaMessagesHa } from './meta';
import { newsletterMessagesHa } from './newsletter';
import { paymentMessagesHa } from './payments';
import { publicMessagesHa } from './public';
import { serverMessagesHa } from './server';
import { specMessagesHa } from './spec';

addMessages('ha', {
  ...specMessagesHa,
  ...serverMessagesHa,
  ...publicMessagesHa,
  ...givingMessagesHa,
  ...metaMessagesHa,
  ...choiceMessagesHa,
  ...languageMessagesHa,
  ...dateMessagesHa,
  ...newsletterMessagesHa,
  ...archiveMessagesHa,
  ...paymentMessagesHa,
});

/** The English texts every page needs, registered when loaded (the browser loads one language). */
import { addMessages } from '..';
import { archiveMessages } from './archive';
import { choiceMessages } from './choices';
import { dateMessages } from './dates';
import { givingMessages } from './giving';
import { languageMessages } from './language';
import { metaMessages } from './meta';
import { newsletterMessages } from './newsletter';
import { paymentMessages } from './payments';
import { publicMessages } from './public';
import { serverMessages } from './server';
import { specMessages } from './spec';

/** Every page's texts: also what the server sends a public page of staff's corrections (server/texts/overrides.ts). */
export const coreMessages = {
  ...specMessages,
  ...serverMessages,
  ...publicMessages,
  ...givingMessages,
  ...metaMessages,
  ...choiceMessages,
  ...languageMessages,
  ...dateMessages,
  ...newsletterMessages,
  ...archiveMessages,
  ...paymentMessages,
};

addMessages('en', coreMessages);

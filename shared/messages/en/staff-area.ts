/** The English texts of sign-in and the staff dashboard, loaded with their code. */
import { addMessages } from '..';
import { adminMessages } from './admin';
import { alertMessages } from './alerts';
import { editionMessages } from './editions';
import { outboxMessages } from './outbox';
import { passwordResetMessages } from './password-reset';
import { staffMessages } from './staff';
import { textMessages } from './texts';

/** The staff pages' texts beside every page's: what texts.corrections answers staff's corrections of. */
export const staffAreaMessages = {
  ...adminMessages,
  ...staffMessages,
  ...alertMessages,
  ...passwordResetMessages,
  ...outboxMessages,
  ...editionMessages,
  ...textMessages,
};

addMessages('en', staffAreaMessages);

/** The Hausa texts of sign-in and the staff dashboard, loaded with their code. */
import { addMessages } from '..';
import { adminMessagesHa } from './admin';
import { alertMessagesHa } from './alerts';
import { editionMessagesHa } from './editions';
import { outboxMessagesHa } from './outbox';
import { passwordResetMessagesHa } from './password-reset';
import { staffMessagesHa } from './staff';
import { textMessagesHa } from './texts';

addMessages('ha', {
  ...adminMessagesHa,
  ...staffMessagesHa,
  ...alertMessagesHa,
  ...passwordResetMessagesHa,
  ...outboxMessagesHa,
  ...editionMessagesHa,
  ...textMessagesHa,
});

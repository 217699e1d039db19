/** The English texts of sign-in and the staff dashboard, loaded with their code. */
import { addMessages } from '..';
import { adminMessages } from './admin';
import { alertMessages } from './alerts';
import { editionMessages } from './editions';
import { outboxMessages } from './outbox';
import { passwordResetMessages } from './password-reset';
import { staffMessages } from './staff';
import { textMessages } from './texts';

addMessages('en', {
  ...adminMessages,
  ...staffMessages,
  ...alertMessages,
  ...passwordResetMessages,
  ...outboxMessages,
  ...editionMessages,
  ...textMessages,
});

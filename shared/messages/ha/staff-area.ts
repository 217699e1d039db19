/** The Hausa texts of sign-in and the staff dashboard, loaded with their code. */
import { addMessages } from '..';
import { adminMessagesHa } from './admin';
import { staffMessagesHa } from './staff';

addMessages('ha', { ...adminMessagesHa, ...staffMessagesHa });

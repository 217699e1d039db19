/** The English texts of sign-in and the staff dashboard, loaded with their code. */
import { addMessages } from '..';
import { adminMessages } from './admin';
import { staffMessages } from './staff';

addMessages('en', { ...adminMessages, ...staffMessages });

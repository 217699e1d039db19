/** Loads the giving texts of the staff side into the catalogue: imported by the server and the admin area. */
import { addMessages } from '.';
import { givingMessages } from './en/giving';

addMessages(givingMessages);

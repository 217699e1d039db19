/** Loads the staff texts into the catalogue: imported by the server and by the admin area's code. */
import { addMessages } from '.';
import { staffMessages } from './en/staff';

addMessages(staffMessages);

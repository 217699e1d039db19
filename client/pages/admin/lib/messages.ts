/** The admin area's texts, loaded with its code rather than with every public page. */
import { addMessages } from '../../../../shared/messages';
import { adminMessages } from '../../../../shared/messages/en/admin';
import '../../../../shared/messages/giving';
import '../../../../shared/messages/staff';

addMessages(adminMessages);

/** Every text in every language: what the server and the tests load. */
import './en/core';
import './en/staff-area';
import './ha/core';
import './ha/staff-area';

// The mails' own texts: the browser never needs them.
import { addMessages } from '.';
import { mailMessages } from './en/mail';
import { mailMessagesHa } from './ha/mail';

addMessages('en', mailMessages);
addMessages('ha', mailMessagesHa);

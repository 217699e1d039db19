/** Every text in every language: what the server and the tests load. */
import './en/core';
import './en/staff-area';
import './ha/core';
import './ha/staff-area';

/** "Find my pledge": its page, and what that page's HTML form post comes back with. */

/** The page with the form, and where its HTML form post goes back to. */
export const PLEDGE_LOOKUP_PAGE = '/pledge-lookup';
/** Back on the page after a form post: `?sent=1` says the mail is asked for, `?error=email` that the address was refused. */
export const LOOKUP_SENT_PARAM = 'sent';
export const LOOKUP_ERROR_PARAM = 'error';

/**
 * The public forms work before the page's script has loaded, as plain HTML forms posting to their
 * REST paths. The server answers such a post with the form's page again: `?sent=<kind>` after a
 * success (the page shows its success message), or the page with what was sent and why it was
 * refused (the echo, carried in the page's query cache like its data).
 */
import type { SubmissionType } from './constants';
import type { FieldIssue } from './schemas/fields';

export interface FormEcho {
  kind: SubmissionType;
  values: Record<string, unknown>;
  message: string;
  errors: FieldIssue[];
}

export const FORM_ECHO_KEY = ['form-echo'] as const;

/** The query parameter naming the form that was just sent. */
export const SENT_PARAM = 'sent';

/** The page each form is on: where a post without the script comes back to. */
export const FORM_PAGES: Record<SubmissionType, string> = {
  volunteer: '/volunteer-form',
  partner: '/partner-form',
  advocate: '/advocate-form',
  contact: '/contact',
  newsletter: '/',
};

/** Where a form's REST path is: the action of the HTML form. */
export const formAction = (kind: SubmissionType) => `/api/submissions/${kind}/register`;

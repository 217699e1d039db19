/**
 * The texts staff cannot correct on the Texts screen (server/texts/), in one place: the server
 * refuses a correction, keeps none stored from before in force, and the screen shows them locked.
 *
 * - Every message the spec's REST paths answer with: the `message` of their JSON, on success and
 *   on refusal ("Login successful", "Campaign not found", "Invalid request"). Programs read it in
 *   the language they ask in, so it is locked in English and in Hausa. A refused field's own
 *   message (`errors[]`, such as "Please enter a valid email address") says why to a person and
 *   stays correctable, also when it is the answer's `message` because it is the only one.
 *   tests/server/rest-contract-messages.test.ts asks the spec's paths and checks this list holds
 *   every message they answer with.
 * - The spec's own texts (en/spec.ts): the site shows them word for word, so their English is
 *   locked; their Hausa may be corrected unless the REST paths answer with them.
 */
import type { Locale, MessageKey } from '.';
import { specMessages } from './en/spec';

/** The messages the spec's REST paths answer with, by key. */
export const REST_ANSWER_KEYS = [
  // POST /api/auth/login, GET /api/auth/verify, and the bearer token of every staff path.
  'auth.loginSuccess',
  'auth.invalidCredentials',
  'auth.accountDisabled',
  'auth.tooManyAttempts',
  'auth.tokenValid',
  'auth.unauthorized',
  'auth.tokenInvalid',
  'auth.forbidden',
  'auth.mustChangePassword',
  // POST /api/submissions/{type}/register, GET /api/submissions, PUT …/{id}/status.
  'form.applicationSuccess',
  'contact.success',
  'newsletter.success',
  'form.requiredFields',
  'submission.clientIdReused',
  'submissions.statusUpdated',
  'submission.notFound',
  // GET, POST, PUT and DELETE /campaigns.
  'campaigns.created',
  'campaigns.updated',
  'campaigns.deleted',
  'campaigns.notFound',
  'campaigns.requiredFields',
  // POST /upload/single and /upload/multiple.
  'upload.notImage',
  'upload.tooLarge',
  'upload.missingFile',
  'upload.tooMany',
  'upload.unreadable',
  // Any path: a refusal of the request as a whole, and the server's own failures.
  'request.invalid',
  'request.notFound',
  'request.methodNotAllowed',
  'request.tooMany',
  'request.unknownHost',
  'server.error',
  'server.stopping',
] as const satisfies readonly MessageKey[];

const REST_ANSWERS = new Set<string>(REST_ANSWER_KEYS);
const SPEC_TEXTS = new Set(Object.keys(specMessages));
const BOTH: readonly Locale[] = ['en', 'ha'];
const ENGLISH: readonly Locale[] = ['en'];
const NONE: readonly Locale[] = [];

/** The languages in which staff cannot correct a text. */
export const lockedLanguages = (key: string): readonly Locale[] =>
  REST_ANSWERS.has(key) ? BOTH : SPEC_TEXTS.has(key) ? ENGLISH : NONE;

/** Whether staff cannot correct a text in a language. */
export const isLocked = (key: string, locale: Locale): boolean => lockedLanguages(key).includes(locale);

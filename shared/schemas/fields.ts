/**
 * Field builders shared by every schema, so one rule (trimming, limits, messages) holds for all
 * forms on the client and every input on the server.
 */
import { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
import { t } from '../messages';
import { type FieldIssue, isRequiredField } from './field-paths';

export { type FieldIssue, fieldSchemaAt, HONEYPOT_FIELD, isRequiredField, unwrap } from './field-paths';

/** Missing, null or only whitespace. */
export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Missing and blank values read "required"; values of the wrong type read "invalid". */
export const requiredOrInvalid = (issue: { input?: unknown }) =>
  isBlank(issue.input) ? t('validation.required') : t('request.invalid');

/** Control characters and runs of white space as one space: what a mail header may carry of a text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is its purpose.
export const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();

/** PostgreSQL text cannot hold U+0000: such input is refused here instead of failing (500) at the database. */
export const hasNoNul = (v: string) => !v.includes('\u0000');

/** A required text: trimmed, non-empty, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: () => t('validation.required') })
    .max(max, { error: () => t('validation.tooLong', { max }) })
    .refine(hasNoNul, { error: () => t('request.invalid') });

/** An optional text: trimmed, at most `max` characters; missing and null become ''. */
export const optionalText = (max: number) =>
  z
    .string({ error: () => t('request.invalid') })
    .trim()
    .max(max, { error: () => t('validation.tooLong', { max }) })
    .refine(hasNoNul, { error: () => t('request.invalid') })
    .nullish()
    .transform((v) => v ?? '');

const EMAIL_RE =
  /^[^\s@"<>()[\]\\,;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** An optional email: '' when not given, else trimmed, lower-cased, well formed. */
export const optionalEmail = () =>
  optionalText(TEXT_LIMITS.email)
    .refine((v) => v === '' || EMAIL_RE.test(v), { error: () => t('validation.email') })
    .transform((v) => v.toLowerCase())
    // For the document: zod's JSON Schema cannot see the refinement.
    .meta({
      anyOf: [
        { type: 'string', format: 'email', maxLength: TEXT_LIMITS.email },
        { type: 'string', maxLength: 0, description: 'None given' },
        { type: 'null' },
      ],
    });

/** A required email: trimmed, lower-cased, well formed. */
export const email = () =>
  requiredText(TEXT_LIMITS.email)
    .refine((v) => v === '' || EMAIL_RE.test(v), { error: () => t('validation.email') })
    .transform((v) => v.toLowerCase())
    .meta({ format: 'email' });

const PHONE_RE = /^\+?[0-9][0-9 ()-]{5,24}[0-9]$/;
const phoneCheck = (v: string) => v === '' || (PHONE_RE.test(v) && v.replace(/\D/g, '').length >= 7);

export const requiredPhone = () =>
  requiredText(TEXT_LIMITS.phone).refine(phoneCheck, { error: () => t('validation.phone') });
export const optionalPhone = () =>
  optionalText(TEXT_LIMITS.phone).refine(phoneCheck, { error: () => t('validation.phone') });

/** One value of a choice list. */
export const choice = <const T extends readonly [string, ...string[]]>(options: T) =>
  z.enum(options, { error: (issue) => (isBlank(issue.input) ? t('validation.required') : t('validation.choice')) });

/** At least one value of a choice list, each at most once. */
export const choices = <const T extends readonly [string, ...string[]]>(options: T) =>
  z
    .array(z.enum(options, { error: () => t('validation.choice') }), { error: () => t('validation.chooseOne') })
    .min(1, { error: () => t('validation.chooseOne') })
    .transform((values) => [...new Set(values)]);

/** The honeypot field of public forms: people leave it empty, naive bots fill it in. */
export const honeypot = () => z.string().max(500).optional();

/** The required top-level keys of an object schema, in the schema's order. */
export const requiredKeys = (schema: z.ZodObject) =>
  Object.keys(schema.shape).filter((key) => isRequiredField(schema, key));

/**
 * Adds the spec's summary message when a required field (see requiredKeys) is missing, next to the
 * field messages, so the form shows both and a REST caller gets the summary as its `message`.
 */
export function summarizeMissing<T extends z.ZodObject>(schema: T, summary: (missing: string[]) => string): T {
  const keys = requiredKeys(schema);
  const missingKeys = (value: unknown) => {
    const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    return keys.filter((key) => {
      const v = record[key];
      return isBlank(v) || (Array.isArray(v) && v.length === 0);
    });
  };
  // `when` makes the check run even when field checks failed, which is exactly when it matters.
  return schema.refine((value) => missingKeys(value).length === 0, {
    when: () => true,
    path: [],
    error: (issue) => summary(missingKeys(issue.input)),
  });
}

/** Flattens zod issues into `{path, message}` pairs, the shape REST answers and forms use. */
/** One entry per refused field; a refusal of the whole input is the summary message alone. */
export function fieldIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues
    .filter((issue) => issue.path.length > 0)
    .map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** The one message that sums up a failed validation: the form-level one when there is one. */
export function validationMessage(issues: readonly z.core.$ZodIssue[]): string {
  const root = issues.find((issue) => issue.path.length === 0);
  return (root ?? issues[0])?.message ?? t('request.invalid');
}

/** Field errors keyed by top-level field, first message wins: what a form shows next to inputs. */
export function errorsByField(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

/**
 * A whole number from a query string (text) or a tRPC input (number), within bounds. A refusal
 * names the range, and the parameter when `name` is given ("limit must be from 1 to 500").
 */
export const queryInt = (min: number, max: number, name?: string) => {
  const error = () => (name ? t('request.range', { name, min, max }) : t('validation.range', { min, max }));
  return (
    z
      .union([z.number(), z.string().regex(/^\d{1,9}$/, { error })], { error })
      .transform(Number)
      .pipe(z.number({ error }).int({ error }).min(min, { error }).max(max, { error }))
      // For the document: the ranged integer the pipe enforces, rather than the union it reads.
      .meta({ type: 'integer', minimum: min, maximum: max, anyOf: undefined })
  );
};

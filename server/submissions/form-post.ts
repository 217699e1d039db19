/**
 * A public form posted as HTML (application/x-www-form-urlencoded), before the page's script has
 * loaded: its fields read into the shape the form's schema takes, so the same validation and the
 * same service handle it as a JSON post.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { unwrap } from '../../shared/schemas/fields';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The fields of a form post: a name sent more than once (checked boxes) is a list. */
export function parseFormBody(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return fields;
}

/** True when the request is a browser's form post (the answer is then a page, not JSON). */
export const isFormPost = (req: FastifyRequest) =>
  (req.headers['content-type'] ?? '').toLowerCase().startsWith(FORM_CONTENT_TYPE);

/**
 * The form's fields in the schema's shape: a list field is always a list (one checked box arrives
 * as a plain value, none as nothing), any other field one value. Names the schema does not know
 * are dropped.
 */
export function formInput(schema: z.ZodType, fields: Record<string, string | string[]>): Record<string, unknown> {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  const input: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    const value = fields[name];
    if (isList(field)) input[name] = value === undefined ? [] : Array.isArray(value) ? value : [value];
    else if (value !== undefined) input[name] = Array.isArray(value) ? value[0] : value;
  }
  return input;
}

/** Through the wrappers (optional, default, transform pipes) to the field's own kind. */
const isList = (field: z.ZodType) => unwrap(field)._zod.def.type === 'array';

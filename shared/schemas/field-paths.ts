/**
 * Reading a schema's fields (where a path leads, whether a field is required) without zod's own
 * code: the client's form model imports only this, so a page whose schema loads later (the give
 * form's) carries no zod in its first load. shared/schemas/fields.ts re-exports all of it.
 */
import type { z } from 'zod';

/** The honeypot's field name: hidden from people, filled in by naive bots. */
export const HONEYPOT_FIELD = 'website';

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The schema of the field at a dotted path ('overview.mainText', 'updates.0.date'), looking
 * through the wrappers (optional, default, transform pipes); undefined when there is none.
 */
export function fieldSchemaAt(schema: z.core.$ZodType, path: string): z.core.$ZodType | undefined {
  let current: z.core.$ZodType | undefined = schema;
  for (const part of path.split('.')) {
    current = current && unwrap(current);
    const def: z.core.$ZodTypeDef | undefined = current?._zod.def;
    if (def?.type === 'object') current = (def as z.core.$ZodObjectDef).shape[part];
    else if (def?.type === 'array' && /^\d+$/.test(part)) current = (def as z.core.$ZodArrayDef).element;
    else return undefined;
  }
  return current;
}

/** The schema under optional, nullable, default and prefault wrappers and the input side of pipes. */
export function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  const def = schema._zod.def as z.core.$ZodTypeDef & { innerType?: z.core.$ZodType; in?: z.core.$ZodType };
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  if (def.innerType && ['optional', 'nullable', 'default', 'prefault'].includes(def.type)) return unwrap(def.innerType);
  return schema;
}

/** A field is required when its own schema refuses a missing value (checked through Standard Schema). */
export const isRequiredField = (schema: z.core.$ZodType, path: string) => {
  const field = fieldSchemaAt(schema, path);
  if (field === undefined) return false;
  const result = field['~standard'].validate(undefined);
  return !(result instanceof Promise) && result.issues !== undefined;
};

import type { z } from 'zod';
import { fieldIssues, validationMessage } from '../shared/schemas/fields';
import { ValidationError } from './errors';

/** Parses input with a shared schema, throwing the ValidationError every face maps to a 400. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new ValidationError(validationMessage(result.error.issues), fieldIssues(result.error.issues));
  return result.data;
}

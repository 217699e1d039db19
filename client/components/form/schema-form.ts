/**
 * The one form model: react-hook-form driven by a shared zod schema through the zod resolver.
 * Field names are typed from the schema's input (`z.input<typeof schema>`), so a misspelt name
 * fails the typecheck; required marks, blank values and the spec's summary come from the schema.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldPathByValue,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { type FieldIssue, isRequiredField, unwrap } from '../../../shared/schemas/fields';

/** Every form schema is an object schema (with the summary refinement on it). */
export type FormSchema = z.ZodObject;

/** Names of the fields of V that hold one text value (inputs, textareas, selects, radios). */
export type TextPath<V extends FieldValues> = FieldPathByValue<V, string | number | null | undefined>;
/** Names of the fields of V that hold a list of choices (checkbox groups). */
export type ListPath<V extends FieldValues> = FieldPathByValue<V, readonly string[] | null | undefined>;

export interface SchemaForm<V extends FieldValues, O = V> {
  methods: UseFormReturn<V, unknown, O>;
  /** The form-level message of the last failed validation ('Please fill in all required fields'), while a field error is still shown. */
  summary: string | undefined;
  isRequired(name: Path<V>): boolean;
  error(name: Path<V>): string | undefined;
  fieldId(name: string): string;
  errorId(name: string): string;
  /** Marks the fields the server refused, with its messages, and focuses the first. */
  showServerErrors(issues: readonly FieldIssue[]): void;
}

/** Empty values of the right kind for every field: '' for texts and choices, [] for lists. */
function blankOf(schema: z.core.$ZodType): unknown {
  const inner = unwrap(schema);
  const def = inner._zod.def;
  // A default ('active') is the schema's to fill in.
  if (schema._zod.def.type === 'default') return undefined;
  if (def.type === 'object')
    return Object.fromEntries(
      Object.entries((def as z.core.$ZodObjectDef).shape)
        .map(([key, field]) => [key, blankOf(field)])
        .filter(([, value]) => value !== undefined),
    );
  if (def.type === 'array') return [];
  if (['string', 'enum', 'union', 'number', 'literal'].includes(def.type)) return '';
  return undefined;
}

const blanks = new WeakMap<FormSchema, unknown>();
export function blankValues<S extends FormSchema>(schema: S): DefaultValues<z.input<S>> {
  if (!blanks.has(schema)) blanks.set(schema, blankOf(schema));
  return structuredClone(blanks.get(schema)) as DefaultValues<z.input<S>>;
}

/**
 * The zod resolver files the schema's form-level issue (the summary) under the empty path; it is
 * moved to `root.summary`, where react-hook-form keeps form-wide errors.
 */
function schemaResolver<S extends FormSchema>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  const resolve = zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const { '': summary, ...errors } = result.errors as Record<string, FieldError>;
    if (!summary) return result;
    return {
      values: {},
      errors: { ...errors, root: { summary: { type: 'summary', message: summary.message } } } as unknown as FieldErrors<
        z.input<S>
      >,
    };
  };
}

const hasFieldErrors = (errors: FieldErrors) => Object.keys(errors).some((key) => key !== 'root');

export function useSchemaForm<S extends FormSchema>(
  schema: S,
  {
    refused,
    ...options
  }: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & {
    /**
     * What the server refused when the form was posted without the script (shared/form-echo.ts):
     * its field errors show, from the first render on (the server's too), until the next submit.
     */
    refused?: readonly FieldIssue[];
  } = {},
): SchemaForm<z.input<S>, z.output<S>> {
  const id = useId();
  const methods = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: schemaResolver(schema),
    defaultValues: blankValues(schema),
    ...options,
  });
  const { errors, isSubmitted } = methods.formState;
  // Once every marked field is fixed, the summary no longer describes the form.
  const summary = hasFieldErrors(errors) ? errors.root?.summary?.message : undefined;
  const refusedError = (name: string) =>
    isSubmitted ? undefined : refused?.find((issue) => issue.path === name)?.message;
  return {
    methods,
    summary,
    isRequired: (name) => isRequiredField(schema, name),
    error: (name) => (get(errors, name) as FieldError | undefined)?.message ?? refusedError(name),
    fieldId: (name) => `${id}-${name}`,
    errorId: (name) => `${id}-${name}-error`,
    showServerErrors(issues) {
      issues
        .filter((issue) => issue.path)
        .forEach((issue, i) => {
          const name = issue.path as Path<z.input<S>>;
          methods.setError(name, { type: 'server', message: issue.message }, { shouldFocus: i === 0 });
        });
    },
  };
}

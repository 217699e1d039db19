/**
 * The one form model: react-hook-form driven by a shared zod schema through the zod resolver.
 * Field names are typed from the schema's input (`z.input<typeof schema>`), so a misspelt name
 * fails the typecheck; required marks, blank values and the spec's summary come from the schema.
 * A page that should not carry the schema (and zod) in its first load passes a `lazySchema`,
 * imported when the form is first checked; nothing here imports zod's code.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
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
import { getLocale } from '../../../shared/messages';
import { type FieldIssue, isRequiredField, unwrap } from '../../../shared/schemas/field-paths';
import { loadMessages } from '../../lib/catalogue';

/** Every form schema is an object schema (with the summary refinement on it). */
export type FormSchema = z.ZodObject;

/** Names of the fields of V that hold one text value (inputs, textareas, selects, radios). */
export type TextPath<V extends FieldValues> = FieldPathByValue<V, string | number | null | undefined>;
/** Names of the fields of V that hold a list of choices (checkbox groups). */
export type ListPath<V extends FieldValues> = FieldPathByValue<V, readonly string[] | null | undefined>;

/** A schema imported when its form is first checked (see lazySchema). */
export interface LazySchema<S extends FormSchema> {
  load(): Promise<S>;
}

/**
 * A schema the form imports when it is first checked, e.g.
 * `lazySchema(() => import('…/giving').then((m) => m.pledgeInput))`. A failed import is tried again
 * at the next check. Until it has loaded the form cannot know which fields are required, so such a
 * form shows no required marks: its labels say what is optional themselves.
 */
export function lazySchema<S extends FormSchema>(load: () => Promise<S>): LazySchema<S> {
  let loading: Promise<S> | undefined;
  return {
    load: () =>
      (loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      })),
  };
}

const isLazy = <S extends FormSchema>(schema: S | LazySchema<S>): schema is LazySchema<S> =>
  typeof (schema as Partial<LazySchema<S>>).load === 'function';

export interface SchemaForm<V extends FieldValues, O = V> {
  methods: UseFormReturn<V, unknown, O>;
  /** Whether labels mark required and optional fields (see the `requiredMarks` option). */
  marksRequired: boolean;
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
    // The schema's messages are made as it checks and then kept: a page that came with only the
    // texts it showed (client/lib/catalogue.ts) gets the whole catalogue first (offline: the keys'
    // own texts are missing, and the check goes on).
    if (typeof window !== 'undefined') await loadMessages(getLocale()).catch(() => undefined);
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

/**
 * The resolver of a lazily imported schema. When the import fails (offline) the check answers a
 * form-wide error without a message, `root.schema`, so the form can say that sending failed.
 */
function lazyResolver<S extends FormSchema>(lazy: LazySchema<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  let resolve: Resolver<z.input<S>, unknown, z.output<S>> | undefined;
  return async (values, context, options) => {
    if (!resolve) {
      try {
        resolve = schemaResolver(await lazy.load());
      } catch {
        return {
          values: {},
          errors: { root: { schema: { type: 'unavailable', message: '' } } } as unknown as FieldErrors<z.input<S>>,
        };
      }
    }
    return resolve(values, context, options);
  };
}

const hasFieldErrors = (errors: FieldErrors) => Object.keys(errors).some((key) => key !== 'root');

export function useSchemaForm<S extends FormSchema>(
  schema: S | LazySchema<S>,
  {
    refused,
    requiredMarks,
    ...options
  }: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & {
    /**
     * Whether labels mark required and optional fields: yes unless the schema is lazy. A form whose
     * labels say it themselves ('Donor’s name (optional)', filters) turns the marks off.
     */
    requiredMarks?: boolean;
    /**
     * What the server refused when the form was posted without the script (shared/form-echo.ts):
     * its field errors show, from the first render on (the server's too), until the next submit.
     */
    refused?: readonly FieldIssue[];
  } = {},
): SchemaForm<z.input<S>, z.output<S>> {
  const id = useId();
  const lazy = isLazy(schema);
  // One resolver for the form's life: a lazy one keeps the schema once it has loaded.
  const [resolver] = useState(() => (isLazy(schema) ? lazyResolver(schema) : schemaResolver(schema)));
  const methods = useForm<z.input<S>, unknown, z.output<S>>({
    resolver,
    // A lazily checked form gives its starting values itself.
    ...(!isLazy(schema) && { defaultValues: blankValues(schema) }),
    ...options,
  });
  const { errors, isSubmitted } = methods.formState;
  // Once every marked field is fixed, the summary no longer describes the form.
  const summary = hasFieldErrors(errors) ? errors.root?.summary?.message : undefined;
  const refusedError = (name: string) =>
    isSubmitted ? undefined : refused?.find((issue) => issue.path === name)?.message;
  return {
    methods,
    marksRequired: requiredMarks ?? !lazy,
    summary,
    isRequired: (name) => !isLazy(schema) && isRequiredField(schema, name),
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

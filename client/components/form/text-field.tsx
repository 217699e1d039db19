import type { InputHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { controlAria, fieldState, LabelledField } from './field-parts';
import type { SchemaForm, TextPath } from './schema-form';

interface Props<V extends FieldValues> {
  form: SchemaForm<V, unknown>;
  name: TextPath<V>;
  label: string;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'password' | 'date';
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  /** A multi-line answer of this many rows. */
  rows?: number;
  /** The language the answer is written in, when it is not the page's (a Hausa text on an English page). */
  lang?: string;
  /** A length limit the browser keeps to (the give form's, whose schema loads only when it is sent). */
  maxLength?: number;
  /** The latest day a date field offers. */
  max?: string;
}

/** A labelled text input, or a textarea when `rows` is given, with its hint and error tied to it. */
export function TextField<V extends FieldValues>({
  form,
  name,
  label,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  rows,
  lang,
  maxLength,
  max,
}: Props<V>) {
  const field = fieldState(form, name, hint);
  const common = {
    ...form.methods.register(name),
    // The starting value is also in the markup, so a page the server renders shows it.
    defaultValue: form.methods.getValues(name) as string | undefined,
    ...controlAria(field),
    className: 'field__control',
    autoComplete,
    lang,
    maxLength,
  };
  return (
    <LabelledField field={field} label={label} hint={hint}>
      {rows ? <textarea {...common} rows={rows} /> : <input {...common} type={type} inputMode={inputMode} max={max} />}
    </LabelledField>
  );
}

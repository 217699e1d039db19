import type { InputHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FieldError, FieldHint, fieldState, LabelText } from './field-parts';
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
}: Props<V>) {
  const field = fieldState(form, name, hint);
  const common = {
    ...form.methods.register(name),
    id: field.id,
    className: 'field__control',
    'aria-required': field.required || undefined,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': field.describedBy,
    autoComplete,
  };
  return (
    <div className={field.className}>
      <label htmlFor={field.id} className="field__label">
        <LabelText label={label} required={field.required} />
      </label>
      {hint && field.hintId && <FieldHint id={field.hintId}>{hint}</FieldHint>}
      {rows ? <textarea {...common} rows={rows} /> : <input {...common} type={type} inputMode={inputMode} />}
      <FieldError id={field.errorId} message={field.error} />
    </div>
  );
}

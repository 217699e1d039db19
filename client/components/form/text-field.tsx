import type { InputHTMLAttributes } from 'react';
import { describedBy, FieldError, FieldHint, LabelText } from './field-parts';
import type { FieldKey, FormValues, SubmissionForm } from './use-submission-form';

interface Props<V extends FormValues> {
  form: SubmissionForm<V>;
  name: FieldKey<V, string>;
  label: string;
  required?: boolean;
  hint?: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  /** A multi-line answer. */
  multiline?: boolean;
}

/** A labelled text input or textarea with its hint and error tied to it. */
export function TextField<V extends FormValues>({
  form,
  name,
  label,
  required,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  multiline,
}: Props<V>) {
  const id = form.fieldId(name);
  const error = form.errors[name];
  const hintId = hint ? `${id}-hint` : undefined;
  const common = {
    id,
    name,
    value: form.values[name] as string,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hintId, error && form.errorId(name)),
    autoComplete,
  };
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        <LabelText label={label} required={required} />
      </label>
      {hint && hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
      {multiline ? (
        <textarea
          {...common}
          rows={5}
          className="field__control"
          onChange={(e) => form.setValue(name, e.target.value as V[typeof name])}
        />
      ) : (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          className="field__control"
          onChange={(e) => form.setValue(name, e.target.value as V[typeof name])}
        />
      )}
      <FieldError id={form.errorId(name)} message={error} />
    </div>
  );
}

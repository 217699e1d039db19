/**
 * Labelled form controls whose error and hint are tied to the input with aria-describedby, and
 * which mark themselves aria-invalid while the error shows.
 */
import { type ReactNode, useId } from 'react';
import { t } from '../../../../shared/messages';
import { describedBy } from '../../../components/form/field-parts';

interface FieldShell {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
}

/** The visual required mark after a label or legend, with its spoken text. */
export function RequiredMark() {
  return (
    <span className="admin-field__required">
      <span aria-hidden="true"> *</span>
      <span className="admin-visually-hidden"> ({t('admin.form.required')})</span>
    </span>
  );
}

/** Ids of the control, its error and hint, and the ARIA attributes every control carries. */
function useField({ error, hint, required }: Omit<FieldShell, 'label'>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const control = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(error && errorId, hint && hintId),
    'aria-required': required || undefined,
  };
  return { ids: { id, errorId, hintId }, control };
}

function Shell({
  id,
  label,
  required,
  hint,
  hintId,
  error,
  errorId,
  children,
}: FieldShell & { id: string; hintId: string; errorId: string; children: ReactNode }) {
  return (
    <div className={`admin-field${error ? ' admin-field--error' : ''}`}>
      <label htmlFor={id} className="admin-field__label">
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="admin-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="admin-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = FieldShell & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'number' | 'date';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  name?: string;
};

export function TextField({ label, error, hint, required, value, onChange, type = 'text', ...rest }: InputProps) {
  const { ids, control } = useField({ error, hint, required });
  return (
    <Shell label={label} error={error} hint={hint} required={required} {...ids}>
      <input
        {...control}
        className="admin-input"
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
    </Shell>
  );
}

export function TextArea({
  label,
  error,
  hint,
  required,
  value,
  onChange,
  rows = 4,
  name,
}: FieldShell & { value: string; onChange: (value: string) => void; rows?: number; name?: string }) {
  const { ids, control } = useField({ error, hint, required });
  return (
    <Shell label={label} error={error} hint={hint} required={required} {...ids}>
      <textarea
        {...control}
        name={name}
        className="admin-input admin-input--area"
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Shell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  required,
  value,
  onChange,
  options,
  placeholder,
  name,
}: FieldShell & {
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
  placeholder: string;
  name?: string;
}) {
  const { ids, control } = useField({ error, hint, required });
  return (
    <Shell label={label} error={error} hint={hint} required={required} {...ids}>
      <select {...control} name={name} className="admin-input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Shell>
  );
}

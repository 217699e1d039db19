import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { t } from '../../../shared/messages';
import type { SchemaForm } from './schema-form';

/** The label text with a visual required mark; assistive tech hears aria-required instead. */
export function LabelText({ label, required }: { label: string; required?: boolean }) {
  return (
    <>
      {label}
      {required ? (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : (
        <span className="field__optional"> {t('common.optional')}</span>
      )}
    </>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      {message}
    </p>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="field__hint">
      {children}
    </p>
  );
}

/** aria-describedby of a control: its hint and, when there is one, its error. */
export const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** What every control of a schema form shows about one field: ids, required mark, error. */
export function fieldState<V extends FieldValues>(form: SchemaForm<V, unknown>, name: Path<V>, hint?: string) {
  const id = form.fieldId(name);
  const error = form.error(name);
  const errorId = form.errorId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  return {
    id,
    error,
    errorId,
    hintId,
    required: form.isRequired(name),
    /** Whether the label shows the required mark or '(optional)' (see SchemaForm.marksRequired). */
    marked: form.marksRequired,
    className: `field${error ? ' field--invalid' : ''}`,
    describedBy: describedBy(hintId, error && errorId),
  };
}
type FieldState = ReturnType<typeof fieldState>;

/** The accessibility attributes of a single control bound to its field. */
export const controlAria = (field: FieldState) => ({
  id: field.id,
  'aria-required': field.required || undefined,
  'aria-invalid': field.error ? true : undefined,
  'aria-describedby': field.describedBy,
});

/** A single control with its label, hint and error around it. */
export function LabelledField({
  field,
  label,
  hint,
  children,
}: {
  field: FieldState;
  label: string;
  hint: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={field.className}>
      <label htmlFor={field.id} className="field__label">
        {field.marked ? <LabelText label={label} required={field.required} /> : label}
      </label>
      {hint && field.hintId && <FieldHint id={field.hintId}>{hint}</FieldHint>}
      {children}
      <FieldError id={field.errorId} message={field.error} />
    </div>
  );
}

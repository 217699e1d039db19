import type { ReactNode } from 'react';
import { t } from '../../../shared/messages';

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

import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { t } from '../../../shared/messages';
import { FormFeedback } from './form-feedback';
import { HoneypotField } from './honeypot-field';
import { SubmitButton } from './submit-button';
import type { SubmissionForm } from './use-submission-form';

/** The <form> around the fields: required note, honeypot, messages and the submit button. */
export function SubmissionFormShell<V extends FieldValues & { website?: string | undefined }>({
  form,
  label,
  submitLabel,
  requiredNote = true,
  children,
}: {
  form: SubmissionForm<V, unknown>;
  label: string;
  submitLabel: string;
  /** A one-field form needs no note about required fields. */
  requiredNote?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className="submission-form"
      method="post"
      action={form.action}
      noValidate
      aria-label={label}
      onSubmit={form.onSubmit}
    >
      {requiredNote && <p className="submission-form__note">{t('form.requiredNote')}</p>}
      {children}
      <HoneypotField form={form} />
      <FormFeedback form={form} />
      <SubmitButton form={form} label={submitLabel} />
    </form>
  );
}

import { t } from '../../../shared/messages';
import type { FormValues, SubmissionForm } from './use-submission-form';

/** Disabled while sending and while the success message shows, so a double click sends once. */
export function SubmitButton<V extends FormValues>({
  form,
  label,
  className = '',
}: {
  form: SubmissionForm<V>;
  label: string;
  className?: string;
}) {
  const busy = form.status !== 'idle';
  return (
    <button
      type="submit"
      className={`btn btn--primary ${className}`}
      disabled={busy}
      aria-busy={form.status === 'pending' || undefined}
    >
      {form.status === 'pending' ? t('common.sending') : label}
    </button>
  );
}

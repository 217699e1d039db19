import { t } from '../../../shared/messages';
import type { FormStatus } from './use-submission-form';

/** Disabled while sending and while the success message shows, so a double click sends once. */
export function SubmitButton({ form, label }: { form: { status: FormStatus }; label: string }) {
  return (
    <button
      type="submit"
      className="btn btn--primary"
      disabled={form.status !== 'idle'}
      aria-busy={form.status === 'pending' || undefined}
    >
      {form.status === 'pending' ? t('common.sending') : label}
    </button>
  );
}

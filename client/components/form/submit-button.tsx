import { t } from '../../../shared/messages';
import type { FormStatus } from './use-submission-form';

/**
 * Disabled while sending and while the success message shows, so a double click sends once; free
 * once a form is kept on the phone, for the next one.
 */
export function SubmitButton({ form, label }: { form: { status: FormStatus }; label: string }) {
  return (
    <button
      type="submit"
      className="btn btn--primary"
      disabled={form.status === 'pending' || form.status === 'success'}
      aria-busy={form.status === 'pending' || undefined}
    >
      {form.status === 'pending' ? t('common.sending') : label}
    </button>
  );
}

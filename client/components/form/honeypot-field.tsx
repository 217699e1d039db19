import { t } from '../../../shared/messages';
import { HONEYPOT_FIELD } from '../../../shared/schemas/fields';
import type { FormValues, SubmissionForm } from './use-submission-form';

/** Hidden from people and assistive tech; naive bots fill it in and the server drops their post. */
export function HoneypotField<V extends FormValues & { website: string }>({ form }: { form: SubmissionForm<V> }) {
  const id = form.fieldId(HONEYPOT_FIELD);
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>{t('form.honeypot')}</label>
      <input
        id={id}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        value={form.values.website}
        onChange={(e) => form.setValue(HONEYPOT_FIELD, e.target.value as V['website'])}
      />
    </div>
  );
}

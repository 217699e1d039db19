import type { FieldValues } from 'react-hook-form';
import { t } from '../../../shared/messages';
import { CheckCircle2 } from '../icons/circle-check';
import type { SubmissionForm } from './use-submission-form';

/**
 * The form's messages: the required-fields summary, the failure notice, and the success message or
 * the notice that the form is kept on the phone until it is online.
 */
export function FormFeedback<V extends FieldValues>({ form }: { form: SubmissionForm<V, unknown> }) {
  return (
    <>
      <div role="alert" className="form-feedback">
        {form.summary && <p className="alert alert--error">{form.summary}</p>}
      </div>
      {/* The toast already announces the failure; this notice keeps it on screen next to the form. */}
      {form.failure && (
        <div className="alert alert--error">
          {form.failure.title && <p className="alert__title">{form.failure.title}</p>}
          <p>{form.failure.message}</p>
          {/* Nothing came back (offline): the same form, sent again as it is. */}
          {form.failure.retry && (
            <button type="submit" className="btn btn--secondary btn--small">
              {t('common.retry')}
            </button>
          )}
        </div>
      )}
      <div role="status" className="form-feedback">
        {form.status === 'success' && (
          <p className="alert alert--success">
            <CheckCircle2 aria-hidden="true" size={20} />
            {form.successMessage}
          </p>
        )}
        {/* Kept on the phone: the form is cleared for the next, and this says the last one is not lost. */}
        {form.status === 'saved' && <p className="alert form-feedback__saved">{t('form.savedOffline')}</p>}
      </div>
    </>
  );
}

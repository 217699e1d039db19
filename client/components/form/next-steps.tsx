import { Link } from 'wouter';
import { t } from '../../../shared/messages';

const STEPS = ['form.next1', 'form.next2', 'form.next3'] as const;

/** The aside of the sign-up forms: what happens after sending, and where the privacy policy is. */
export function NextSteps() {
  return (
    <div className="panel next-steps">
      <h2 className="panel__title">{t('form.nextTitle')}</h2>
      <ol className="next-steps__list">
        {STEPS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
      <p className="muted small">
        <Link to="/privacy">{t('form.privacyNote')}</Link>
      </p>
    </div>
  );
}

import { t } from '../../../../shared/messages';

/** A load failure with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="admin-load-error" role="alert">
      <p>{message}</p>
      <button type="button" className="admin-btn admin-btn--secondary" onClick={onRetry}>
        {t('admin.retry')}
      </button>
    </div>
  );
}

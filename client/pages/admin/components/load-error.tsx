import { t } from '../../../../shared/messages';

/** A load failure with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="alert alert--danger" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn--staff btn--secondary" onClick={onRetry}>
        {t('admin.retry')}
      </button>
    </div>
  );
}

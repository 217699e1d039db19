import { t } from '../../shared/messages';

/** A loading indicator with a spoken label. */
export function Spinner({ label = t('shell.loading') }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

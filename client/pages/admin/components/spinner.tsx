import { t } from '../../../../shared/messages';

/** A centred spinner announced to screen readers as 'Loading…'. */
export function Spinner({ label = t('admin.loading') }: { label?: string }) {
  return (
    <div className="admin-spinner" role="status">
      <span className="admin-spinner__wheel" aria-hidden="true" />
      <span className="admin-visually-hidden">{label}</span>
    </div>
  );
}

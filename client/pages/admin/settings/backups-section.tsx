/**
 * Backups on the Settings page (admins): the newest of the server's own backups, or how to turn
 * them on, and a backup downloaded now.
 */
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { Download } from '../../../components/icons/download';
import { readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { downloadWithToken } from '../lib/download';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function BackupsSection() {
  const toast = useToast();
  const status = trpc.settings.backups.useQuery();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadWithToken('/api/backup', 'site-backup.tar.gz');
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status !== 401) toast.error(refused.message || t('admin.backups.failed'));
    } finally {
      setBusy(false);
    }
  };
  const latest = status.data?.latest;
  return (
    <section className="admin-card admin-form__section" aria-labelledby="backups-title">
      <h2 id="backups-title" className="admin-section-title">
        {t('admin.backups.title')}
      </h2>
      {status.data && (
        <p>
          {!status.data.scheduled
            ? t('admin.backups.off')
            : latest
              ? t('admin.backups.latest', { at: formatDateTime(latest.at), size: megabytes(latest.bytes) })
              : t('admin.backups.noneYet', { hours: status.data.everyHours })}
        </p>
      )}
      {/* The setting's names are for whoever runs the server, kept out of the main text. */}
      {status.data && !status.data.scheduled && <p className="admin-muted small">{t('admin.backups.technical')}</p>}
      <p className="admin-muted">{t('admin.backups.sensitive')}</p>
      <button type="button" className="btn btn--staff btn--secondary" disabled={busy} onClick={() => void download()}>
        <Download aria-hidden="true" size={16} />
        {busy ? t('admin.backups.downloading') : t('admin.backups.download')}
      </button>
    </section>
  );
}

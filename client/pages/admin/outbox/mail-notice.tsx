/**
 * The dashboard's word on mail, for admins: without SMTP_URL, how many messages wait as files and
 * in which folder; with it, how many are not delivered yet, with the way to the outbox.
 */
import { Link } from 'wouter';
import { t } from '../../../../shared/messages';
import { Mail } from '../../../components/icons/mail';
import { trpc } from '../../../lib/trpc';

export function MailNotice() {
  const mail = trpc.dashboard.mail.useQuery();
  // A figure beside the others: its failure to load is not worth a message of its own.
  if (!mail.data) return null;
  const { smtp, files, directory, queued, failed } = mail.data;
  if (!smtp) {
    if (files === 0) return null;
    return (
      <div className="alert alert--danger outbox-notice" role="status">
        <p>{t('outbox.notSetUp', { count: files, directory })}</p>
        <p>{t('outbox.notSetUpHint')}</p>
      </div>
    );
  }
  if (queued + failed === 0) return null;
  return (
    <div className={`alert outbox-notice${failed > 0 ? ' alert--danger' : ''}`} role="status">
      <Mail aria-hidden="true" size={20} />
      <p>{t('outbox.waiting', { count: queued + failed, failed })}</p>
      <Link to="/admin/outbox" className="btn btn--staff btn--secondary btn--small">
        {t('outbox.open')}
      </Link>
    </div>
  );
}

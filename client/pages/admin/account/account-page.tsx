/** /admin/account: one's own password, recent sign-ins and email alerts. */
import { formatDateTime } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { History } from '../../../components/icons/history';
import { Spinner } from '../../../components/spinner';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { useMe } from '../lib/use-me';
import { AlertsForm } from './alerts-form';
import { PasswordForm } from './password-form';

function SignIns() {
  const signIns = trpc.auth.signIns.useQuery();
  return (
    <section className="admin-card" aria-labelledby="sign-ins-title">
      <h2 id="sign-ins-title" className="admin-section-title">
        <History aria-hidden="true" size={20} /> {t('admin.account.signInsTitle')}
      </h2>
      {signIns.isPending && <Spinner />}
      {signIns.isError && (
        <LoadError message={t('admin.account.signInsFailed')} onRetry={() => void signIns.refetch()} />
      )}
      {signIns.data?.signIns.length === 0 && <p className="admin-muted">{t('admin.account.noSignIns')}</p>}
      {signIns.data && signIns.data.signIns.length > 0 && (
        <ul className="admin-events">
          {signIns.data.signIns.map((s) => (
            <li key={`${s.at}-${s.ip}`} className="admin-events__item">
              <span className={`badge ${s.succeeded ? 'badge--success' : 'badge--danger'}`}>
                {s.succeeded ? t('admin.account.signedIn') : t('admin.account.refused')}
              </span>
              <span>{formatDateTime(s.at)}</span>
              <span className="admin-muted">{s.ip ?? t('admin.field.empty')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function AccountPage() {
  const me = useMe();
  return (
    <AdminPage title={t('admin.account.title')}>
      {me.data && (
        <p className="admin-muted">
          {t('admin.account.signedInAs', {
            email: me.data.email,
            role: t(`admin.role.${me.data.role}`),
          })}
        </p>
      )}
      <div className="admin-columns">
        <PasswordForm />
        <SignIns />
        <AlertsForm />
      </div>
    </AdminPage>
  );
}

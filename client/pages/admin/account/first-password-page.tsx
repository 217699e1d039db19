/** After signing in with a one-time password: nothing else opens until a password of one's own is set. */
import { t } from '../../../../shared/messages';
import { useAuth } from '../../../lib/auth';
import { useNavigate } from '../../../lib/navigation';
import { usePageTitle } from '../lib/use-page-title';
import { PasswordForm } from './password-form';

export function FirstPasswordPage() {
  usePageTitle(t('admin.firstPassword.title'));
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <main className="admin-login">
      <div className="admin-login__card">
        <h1 className="admin-page__title">{t('admin.firstPassword.title')}</h1>
        <p className="admin-muted">{t('admin.firstPassword.intro')}</p>
        <PasswordForm />
        <button
          type="button"
          className="btn btn--staff btn--ghost"
          onClick={() => {
            logout();
            navigate('/login', { replace: true });
          }}
        >
          {t('admin.nav.logout')}
        </button>
      </div>
    </main>
  );
}

import { Link } from 'wouter';
import { t } from '../../shared/messages';
import { useAuth } from '../lib/auth';

/** Sign-in for visitors; the same link reads DASHBOARD for a signed-in admin. */
export function AccountLink({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { isAuthenticated } = useAuth();
  return (
    <Link to={isAuthenticated ? '/admin/dashboard' : '/login'} className={className} onClick={onNavigate}>
      {isAuthenticated ? t('shell.dashboard') : t('shell.signIn')}
    </Link>
  );
}

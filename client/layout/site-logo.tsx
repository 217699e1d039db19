import { Link } from 'react-router';
import { FOUNDATION } from '../../shared/constants';
import { t } from '../../shared/messages';
import { LogoMark } from '../components/logo-mark';

/** Mark and short name, linking home. `tone` picks the wordmark colour for light or dark backgrounds. */
export function SiteLogo({ tone = 'dark', onNavigate }: { tone?: 'dark' | 'light'; onNavigate?: () => void }) {
  return (
    <Link
      to="/"
      className={`site-logo site-logo--${tone}`}
      aria-label={t('shell.homeLink', { name: FOUNDATION.name })}
      onClick={onNavigate}
    >
      <LogoMark />
      <span className="site-logo__text" aria-hidden="true">
        <span className="site-logo__short">{FOUNDATION.shortName}</span>
        <span className="site-logo__long">{t('footer.tagline1')}</span>
      </span>
    </Link>
  );
}

import { Link } from 'wouter';
import { FOUNDATION } from '../../shared/constants';
import { t } from '../../shared/messages';
import { LogoMark } from '../components/logo-mark';

/**
 * Mark and short name, linking home. `tone` picks the wordmark colour for light or dark
 * backgrounds. The link's name starts with the words it shows (WCAG 2.5.3, Label in Name), so a
 * voice user can say what they see.
 */
export function SiteLogo({ tone = 'dark', onNavigate }: { tone?: 'dark' | 'light'; onNavigate?: () => void }) {
  return (
    <Link to="/" className={`site-logo site-logo--${tone}`} onClick={onNavigate}>
      <LogoMark />
      <span className="site-logo__text">
        <span className="site-logo__short">{FOUNDATION.shortName}</span>{' '}
        <span className="site-logo__long">{t('footer.tagline1')}</span>
      </span>
      <span className="visually-hidden">{t('shell.homeSuffix', { name: FOUNDATION.name })}</span>
    </Link>
  );
}

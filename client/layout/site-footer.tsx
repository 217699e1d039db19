import { Link } from 'wouter';
import { FOUNDATION } from '../../shared/constants';
import { t } from '../../shared/messages';
import { LogoMark } from '../components/logo-mark';
import { DataSaverSwitch } from './data-saver-switch';
import { NAV_LINKS } from './nav-links';

const HELP_LINKS = [
  { to: '/faqs', label: 'footer.faqs' },
  { to: '/contact', label: 'footer.contact' },
  { to: '/terms', label: 'footer.terms' },
  { to: '/privacy', label: 'footer.privacy' },
] as const;

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to="/" className="site-footer__logo" aria-label={t('shell.homeLink', { name: FOUNDATION.name })}>
            <LogoMark size={48} />
          </Link>
          <p className="site-footer__tagline">
            <strong>{FOUNDATION.shortName}</strong>
            <span>{t('footer.tagline1')}</span>
            <span>{t('footer.tagline2')}</span>
          </p>
          <p className="site-footer__about">{t('footer.about')}</p>
        </div>
        <nav aria-label={t('shell.footerNav')} className="site-footer__nav">
          <div>
            <h2 className="site-footer__heading">{t('footer.explore')}</h2>
            <ul>
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{t(link.label)}</Link>
                </li>
              ))}
              <li>
                <Link to="/newsletter">{t('archive.footerLink')}</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="site-footer__heading">{t('footer.help')}</h2>
            <ul>
              {HELP_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{t(link.label)}</Link>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <p>{t('footer.copyright', { year: new Date().getFullYear(), name: FOUNDATION.name })}</p>
        <p>{t('footer.giving')}</p>
        <DataSaverSwitch />
      </div>
    </footer>
  );
}

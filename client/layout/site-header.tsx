import { t } from '../../shared/messages';
import { NavLink } from '../lib/navigation';
import { AccountLink } from './account-link';
import { LanguageMenu } from './language-menu';
import { MobileMenu } from './mobile-menu';
import { NAV_LINKS } from './nav-links';
import { SiteLogo } from './site-logo';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <SiteLogo />
        <nav className="site-header__nav" aria-label={t('shell.mainNav')}>
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="site-header__link">
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <LanguageMenu />
          <AccountLink className="site-header__link site-header__account" />
          <NavLink to="/campaigns" className="btn btn--primary btn--small site-header__donate">
            {t('shell.donate')}
          </NavLink>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

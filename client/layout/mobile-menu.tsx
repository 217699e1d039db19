import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { t } from '../../shared/messages';
import { Menu } from '../components/icons/menu';
import { X } from '../components/icons/x';
import { NavLink } from '../lib/navigation';
import { useFocusTrap } from '../lib/use-focus-trap';
import { AccountLink } from './account-link';
import { NAV_LINKS } from './nav-links';
import { SiteLogo } from './site-logo';

/**
 * The small-screen navigation: a full-screen panel that traps focus while open, closes on Escape
 * (focus back on the toggle) and on any link tap (the new page then takes focus).
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const closeAndRefocus = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);
  const closeOnNavigate = useCallback(() => setOpen(false), []);
  useFocusTrap(panelRef, open, closeAndRefocus);

  useEffect(() => {
    if (!open) return;
    document.body.classList.add('no-scroll');
    return () => document.body.classList.remove('no-scroll');
  }, [open]);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="icon-button mobile-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('shell.openMenu')}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden="true" size={24} />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label={t('shell.menuTitle')}
        hidden={!open}
      >
        <div className="mobile-menu__top">
          <SiteLogo tone="light" onNavigate={closeOnNavigate} />
          <button
            type="button"
            className="icon-button icon-button--light"
            aria-label={t('shell.closeMenu')}
            onClick={closeAndRefocus}
          >
            <X aria-hidden="true" size={26} />
          </button>
        </div>
        <nav aria-label={t('shell.mainNav')}>
          <ul className="mobile-menu__links">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="mobile-menu__link" onClick={closeOnNavigate}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <NavLink to="/campaigns" className="btn btn--primary btn--block" onClick={closeOnNavigate}>
          {t('shell.donate')}
        </NavLink>
        {/* Staff only: set apart and quieter than the pages, so donors do not think giving needs an account. */}
        <AccountLink className="mobile-menu__account" onNavigate={closeOnNavigate} />
      </div>
    </>
  );
}

/**
 * The admin shell: a sidebar (a slide-in panel on phones, opened by a toggle button and closed by
 * navigating, Escape or the backdrop) and the page. No public header or footer here.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { FOUNDATION } from '../../../../shared/constants';
import { type MessageKey, t } from '../../../../shared/messages';
import { can, type Permission, type Role } from '../../../../shared/roles';
import { ArrowLeft } from '../../../components/icons/arrow-left';
import { BarChart3 } from '../../../components/icons/bar-chart-3';
import { FileText } from '../../../components/icons/file-text';
import { Globe } from '../../../components/icons/globe';
import { HandCoins } from '../../../components/icons/hand-coins';
import { History } from '../../../components/icons/history';
import { LayoutDashboard } from '../../../components/icons/layout-dashboard';
import { LogOut } from '../../../components/icons/log-out';
import { Mail } from '../../../components/icons/mail';
import { Megaphone } from '../../../components/icons/megaphone';
import { Menu } from '../../../components/icons/menu';
import { Newspaper } from '../../../components/icons/newspaper';
import { Settings } from '../../../components/icons/settings';
import { UserRound } from '../../../components/icons/user-round';
import { Users } from '../../../components/icons/users';
import { X } from '../../../components/icons/x';
import { LanguageSwitch } from '../../../layout/language-switch';
import { useAuth } from '../../../lib/auth';
import { NavLink, useNavigate } from '../../../lib/navigation';

/** The sidebar, each entry shown only to the roles that may open it. */
const NAV: { to: string; label: MessageKey; icon: typeof LayoutDashboard; permission: Permission }[] = [
  { to: '/admin/dashboard', label: 'admin.nav.dashboard', icon: LayoutDashboard, permission: 'dashboard.read' },
  { to: '/admin/campaigns', label: 'admin.nav.campaigns', icon: Megaphone, permission: 'campaigns.read' },
  { to: '/admin/submissions', label: 'admin.nav.submissions', icon: FileText, permission: 'submissions.review' },
  { to: '/admin/users', label: 'admin.nav.users', icon: Users, permission: 'users.manage' },
  { to: '/admin/activity', label: 'admin.nav.activity', icon: History, permission: 'activity.read' },
  { to: '/admin/analytics', label: 'admin.nav.analytics', icon: BarChart3, permission: 'dashboard.read' },
  { to: '/admin/donations', label: 'admin.nav.donations', icon: HandCoins, permission: 'donations.manage' },
  { to: '/admin/outbox', label: 'outbox.nav', icon: Mail, permission: 'outbox.manage' },
  { to: '/admin/newsletters', label: 'editions.nav', icon: Newspaper, permission: 'newsletter.send' },
  { to: '/admin/texts', label: 'texts.nav', icon: Globe, permission: 'texts.edit' },
  { to: '/admin/settings', label: 'admin.nav.settings', icon: Settings, permission: 'dashboard.read' },
];

export function AdminLayout({ role, name, children }: { role: Role; name: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [pathname] = useLocation();
  const navigate = useNavigate();
  const { logout } = useAuth();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Any navigation closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not an input
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const signOut = () => {
    logout();
    navigate('/login', { replace: true });
  };

  return (
    <div className={`admin-shell${open ? ' admin-shell--menu-open' : ''}`}>
      <header className="admin-topbar">
        <button
          ref={toggleRef}
          type="button"
          className="admin-topbar__toggle"
          aria-expanded={open}
          aria-controls="admin-sidebar"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
          <span>{t('admin.nav.toggle')}</span>
        </button>
        <span className="admin-topbar__brand">
          {FOUNDATION.shortName} {t('admin.brand')}
        </span>
      </header>
      <aside id="admin-sidebar" className="admin-sidebar">
        <Link to="/admin/dashboard" className="admin-sidebar__brand">
          <span className="admin-sidebar__logo" aria-hidden="true">
            {FOUNDATION.shortName}
          </span>
          <span>{t('admin.brand')}</span>
        </Link>
        <nav aria-label={t('admin.nav.label')}>
          <ul className="admin-nav">
            {NAV.filter((entry) => can(role, entry.permission)).map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} className="admin-nav__link">
                  <Icon aria-hidden="true" size={18} />
                  {t(label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-sidebar__footer">
          <NavLink to="/admin/account" className="admin-nav__link">
            <UserRound aria-hidden="true" size={18} />
            <span className="admin-nav__who">
              {name}
              <span className="admin-nav__role">{t(`admin.role.${role}`)}</span>
            </span>
          </NavLink>
          <button type="button" className="admin-nav__link" onClick={signOut}>
            <LogOut aria-hidden="true" size={18} />
            {t('admin.nav.logout')}
          </button>
          <Link to="/" className="admin-nav__link">
            <ArrowLeft aria-hidden="true" size={18} />
            {t('admin.nav.backToSite')}
          </Link>
          <LanguageSwitch className="admin-sidebar__language" />
        </div>
      </aside>
      {open && <div className="admin-backdrop" aria-hidden="true" onClick={() => setOpen(false)} />}
      <main className="admin-main" id="admin-main">
        {children}
      </main>
    </div>
  );
}

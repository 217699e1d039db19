/**
 * What the site needs from its router beyond wouter's own pieces: links that know they are the
 * current page, a navigate function, and where a redirect to sign-in came from.
 */
import type { MouseEventHandler, ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';

/** True when `to` is the current page or a page below it (/admin/campaigns for /admin/campaigns/new). */
export function useIsCurrent(to: string): boolean {
  const [path] = useLocation();
  return path === to || path.startsWith(`${to}/`);
}

/** A link marked `active` and `aria-current="page"` while its page (or one below it) is shown. */
export function NavLink({
  to,
  className,
  onClick,
  children,
}: {
  to: string;
  className: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  children: ReactNode;
}) {
  const current = useIsCurrent(to);
  return (
    <Link
      to={to}
      className={current ? `${className} active` : className}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}

export type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

export const useNavigate = (): Navigate => useLocation()[1];

/** The current path with its query string, as a redirect remembers it. */
export function useCurrentUrl(): { pathname: string; search: string } {
  const [pathname] = useLocation();
  const search = useSearch();
  return { pathname, search: search ? `?${search}` : '' };
}

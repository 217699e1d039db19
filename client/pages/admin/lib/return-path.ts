/** Where to go after sign-in: the admin page the guard turned the visitor away from, else the dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  // Only admin pages: anything else (say /login itself) would bounce or leave the admin area.
  if (!/^\/admin(\/|$)/.test(pathname)) return '/admin/dashboard';
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}

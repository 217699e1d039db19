/** Guards the admin area: a spinner while auth loads, /login when signed out. */
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { Spinner } from '../../../components/spinner';
import { useAuth } from '../../../lib/auth';
import { useCurrentUrl } from '../../../lib/navigation';

export function AdminGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const from = useCurrentUrl();
  if (isLoading) return <Spinner />;
  if (!isAuthenticated) return <Redirect to="/login" replace state={{ from }} />;
  return children;
}

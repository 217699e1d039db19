/** Guards the admin area (SPEC sections 2 and 6): a spinner while auth loads, /login when signed out. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { useAuth } from '../../../lib/auth';

export function AdminGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <Spinner />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}

/**
 * An expired or revoked token makes admin calls answer 401. Watching the query and mutation caches
 * handles every call in one place: signing out lets the guard send the admin to /login, with the
 * page they were on as the place to come back to.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../../lib/auth';
import { httpStatusOf } from '../../../lib/server-error';

export function useSignOutOn401(): void {
  const queryClient = useQueryClient();
  const { logout } = useAuth();

  useEffect(() => {
    const check = (error: unknown) => {
      if (httpStatusOf(error) === 401) logout();
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient, logout]);
}

/** What every failed upload does: a toast with the spec's text, and signing out on a 401. */
import { useCallback } from 'react';
import { useAuth } from '../../../lib/auth';
import { httpStatusOf, serverMessage } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';

/** Returns the message to show next to the field: the server's reason when it gave one. */
export function useUploadFailure(fallback: string): (error: unknown) => string {
  const { logout } = useAuth();
  const toast = useToast();
  return useCallback(
    (error: unknown) => {
      if (httpStatusOf(error) === 401) logout();
      toast.error(fallback);
      return serverMessage(error, fallback);
    },
    [logout, toast, fallback],
  );
}

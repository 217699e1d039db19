/**
 * Authentication state: the token lives in localStorage under 'token'; at start
 * it is verified with the server, and a refused check removes it without a message.
 * Logging out also asks the server to revoke the token. Both go through tRPC (auth.verify,
 * auth.logout), the same face as the dashboard's other calls.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { TOKEN_STORAGE_KEY } from '../../shared/constants';
import { readToken } from './token';
import type { CallContext } from './trpc-transport';

export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  token: string | null;
  login(token: string): void;
  logout(): void;
  /** Re-checks the stored token with the server (the login page does this when it opens). */
  recheck(): Promise<boolean>;
}

const AuthContext = createContext<AuthState | null>(null);

const removeToken = () => {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); there is nothing to remove then.
  }
};

/**
 * auth.verify with the stored token: 'refused' when the server says the token is no good,
 * 'unknown' when it could not be asked (offline, or the page is being left while the check is on
 * its way). Only a refusal forgets the token: a check cut short must not sign anyone out.
 */
async function verifyToken(): Promise<'valid' | 'refused' | 'unknown'> {
  try {
    const { trpcCalls } = await import('./trpc-calls');
    await trpcCalls.auth.verify.query();
    return 'valid';
  } catch (error) {
    // Read here: client/lib/server-error.ts and its imports would add a kilobyte to every first load.
    const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
    return status === 401 || status === 403 ? 'refused' : 'unknown';
  }
}

/**
 * auth.logout: the server refuses the token from now on, on every instance. Signed with the token
 * given (the stored one is removed at once) and sent with keepalive, so it still goes out when the
 * page is left; signing out here never waits for it.
 */
function revokeToken(token: string): void {
  const context: CallContext = { token, keepalive: true };
  import('./trpc-calls')
    .then(({ trpcCalls }) => trpcCalls.auth.logout.mutate(undefined, { context }))
    .catch(() => {
      // Offline: the token is forgotten here all the same, and its session ends when idle.
    });
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(null);
  // Only a stored token needs checking. A visitor without one is settled from the start, so the
  // check changes nothing: on a server-rendered page a change here would reach parts still waiting
  // to hydrate (the home page's newsletter form), and React would render them afresh.
  const [isLoading, setLoading] = useState(() => typeof window === 'undefined' || readToken() !== null);

  const settle = useCallback((next: string | null) => {
    setToken(next);
    setLoading(false);
  }, []);

  const recheck = useCallback(async () => {
    const stored = readToken();
    if (!stored) {
      settle(null);
      return false;
    }
    // A token that could not be checked is kept: the dashboard's own calls answer 401 if it is bad.
    const ok = (await verifyToken()) !== 'refused';
    if (!ok) removeToken();
    settle(ok ? stored : null);
    return ok;
  }, [settle]);

  useEffect(() => {
    void recheck();
  }, [recheck]);

  const login = useCallback((next: string) => {
    localStorage.setItem(TOKEN_STORAGE_KEY, next);
    setToken(next);
    setLoading(false);
  }, []);

  const logout = useCallback(() => {
    const current = readToken();
    if (current) revokeToken(current);
    removeToken();
    setToken(null);
  }, []);

  const value = useMemo<AuthState>(
    () => ({ isAuthenticated: token !== null, isLoading, token, login, logout, recheck }),
    [token, isLoading, login, logout, recheck],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

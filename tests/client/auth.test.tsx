import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../client/lib/auth';
import { mockFetch, renderPage, trpcResult } from './public/render';

function SignOut() {
  const { logout, isAuthenticated } = useAuth();
  return (
    <button type="button" onClick={logout}>
      {isAuthenticated ? 'Sign out' : 'Signed out'}
    </button>
  );
}

describe('the auth state', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('checks the stored token with auth.verify and signs out through auth.logout, sent with keepalive', async () => {
    localStorage.setItem('token', 'a-valid-token');
    const fetch = mockFetch(
      { body: [{ result: { data: { json: { message: 'Token is valid' } } } }] },
      trpcResult({ message: 'Logged out' }),
    );
    renderPage('/admin', <SignOut />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Signed out' })).toBeTruthy();

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [url, init] = fetch.mock.calls[1] ?? [];
    expect(String(url)).toBe('/trpc/auth.logout');
    expect(init?.method).toBe('POST');
    expect(init?.keepalive).toBe(true);
    // Signed with the token being revoked, though it is no longer stored.
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer a-valid-token');
  });

  it('forgets a token the server refuses', async () => {
    localStorage.setItem('token', 'a-revoked-token');
    mockFetch({
      status: 401,
      body: [
        { error: { json: { message: 'Unauthorized', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } } } },
      ],
    });
    renderPage('/admin', <SignOut />);
    expect(await screen.findByRole('button', { name: 'Signed out' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });
});

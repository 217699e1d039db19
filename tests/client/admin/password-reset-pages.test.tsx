import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ForgotPasswordPage from '../../../client/pages/admin/forgot-password-page';
import ResetPasswordPage from '../../../client/pages/admin/reset-password-page';
import { mockFetch, renderAt, renderPage, trpcFailure, trpcResult } from '../public/render';

const ASKED =
  'If a staff account uses this address, a link to choose a new password is on its way. It works once, for 30 minutes.';
const NEW_PASSWORD = 'a brand new pass phrase of mine';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)), { target: { value } });
const resetPage = (url: string) => renderAt(url, [{ path: '/reset-password', element: <ResetPasswordPage /> }]);
const sentBody = (fetch: ReturnType<typeof mockFetch>) =>
  (JSON.parse(String(fetch.mock.calls[0]?.[1]?.body)) as { json: Record<string, unknown> }).json;

describe('the forgotten-password pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a link and shows the same answer whatever the address', async () => {
    const fetch = mockFetch(trpcResult({ message: ASKED }));
    renderPage('/forgot-password', <ForgotPasswordPage />);
    type('Email', 'Amina@Example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ASKED));
    expect(String(fetch.mock.calls[0]?.[0])).toContain('auth.forgotPassword');
    expect(sentBody(fetch)).toEqual({ email: 'amina@example.org' });
    expect(screen.queryByRole('button', { name: 'Send the link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign-in' }).getAttribute('href')).toBe('/login');
  });

  it('sets the password from an invitation: the rules shown, the two entries compared', async () => {
    const fetch = mockFetch(trpcResult({ message: 'Your password is set. You can now sign in with it.' }));
    resetPage('/reset-password?token=the-token&invite=1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose your password');
    expect(screen.getByText(/^At least 12 characters, not only spaces/)).toBeTruthy();
    type('New password', NEW_PASSWORD);
    type('New password again', `${NEW_PASSWORD}!`);
    fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    await waitFor(() => expect(screen.getByText('The two new passwords are not the same')).toBeTruthy());
    expect(fetch).not.toHaveBeenCalled();

    type('New password again', NEW_PASSWORD);
    fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Your password is set. You can now sign in with it.'),
    );
    expect(String(fetch.mock.calls[0]?.[0])).toContain('auth.resetPassword');
    expect(sentBody(fetch)).toEqual({ token: 'the-token', password: NEW_PASSWORD });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('says plainly when the link is refused, with the way to ask for a new one', async () => {
    const expired = 'This link has expired. Please ask for a new one.';
    mockFetch(trpcFailure(400, expired, [{ path: 'token', message: expired }]));
    resetPage('/reset-password?token=old');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose a new password');
    type('New password', NEW_PASSWORD);
    type('New password again', NEW_PASSWORD);
    fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(expired));
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('shows a refused password next to its field and keeps the form', async () => {
    const common = 'This password is on a list of common passwords: please choose another';
    mockFetch(trpcFailure(400, common, [{ path: 'password', message: common }]));
    resetPage('/reset-password?token=t');
    type('New password', 'sunshine2024!!');
    type('New password again', 'sunshine2024!!');
    fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    await waitFor(() => expect(screen.getByText(common)).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Set the password' })).toBeTruthy();
  });

  it('without a token, says the link is not valid at once', () => {
    const fetch = mockFetch();
    resetPage('/reset-password');
    expect(screen.getByRole('status').textContent).toBe('This link is not valid. Please ask for a new one.');
    expect(fetch).not.toHaveBeenCalled();
  });
});

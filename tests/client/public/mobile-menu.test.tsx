import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from '../../../client/layout/site-header';
import { mockFetch, renderPage } from './render';

const openMenu = () => fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
const dialog = () => screen.queryByRole('dialog', { name: 'Menu' });

describe('the mobile menu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens as a modal dialog with focus inside, and Escape closes it and refocuses the toggle', () => {
    mockFetch();
    renderPage('/', <SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    openMenu();
    expect(dialog()?.getAttribute('aria-modal')).toBe('true');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(dialog()?.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('keeps Tab inside the open menu', () => {
    mockFetch();
    renderPage('/', <SiteHeader />);
    openMenu();
    const focusables = dialog()!.querySelectorAll<HTMLElement>('a[href], button');
    focusables[focusables.length - 1]!.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(focusables[0]);
  });

  it('closes when a link is tapped and the page changes', async () => {
    mockFetch();
    renderPage('/', <SiteHeader />, ['/campaigns']);
    openMenu();
    fireEvent.click(screen.getAllByRole('link', { name: 'CAMPAIGNS' }).find((link) => dialog()?.contains(link))!);
    expect(dialog()).toBeNull();
    expect(await screen.findByText('page /campaigns')).toBeTruthy();
  });

  it('shows SIGN IN to visitors, linking to /login', () => {
    mockFetch();
    renderPage('/', <SiteHeader />);
    expect(screen.getAllByRole('link', { name: 'SIGN IN' })[0]?.getAttribute('href')).toBe('/login');
    // In the menu it stands apart from the page links, under Donate: giving needs no account.
    openMenu();
    const signIn = screen.getAllByRole('link', { name: 'SIGN IN' }).find((link) => dialog()?.contains(link))!;
    expect(signIn.closest('nav')).toBeNull();
    expect(signIn.className).toBe('mobile-menu__account');
  });

  it('shows DASHBOARD to a signed-in admin, linking to /admin/dashboard', async () => {
    localStorage.setItem('token', 'a-valid-token');
    // auth.verify travels in a batched GET, answered as a one-element batch.
    const fetch = mockFetch({ body: [{ result: { data: { json: { message: 'Token is valid' } } } }] });
    renderPage('/', <SiteHeader />);
    const links = await screen.findAllByRole('link', { name: 'DASHBOARD' });
    expect(links[0]?.getAttribute('href')).toBe('/admin/dashboard');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/^\/trpc\/auth\.verify\?/);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer a-valid-token');
    localStorage.clear();
  });
});

/** Sign-in, the guard and token handling of the admin area, in a real browser at phone and desktop widths. */
import { afterAll, describe, expect, it } from 'vitest';
import { hasChromium, newContext, screenshot, trackConsoleErrors, type ViewportName } from './support/browser';
import { e2eRun } from './support/run';
import { E2E_ADMIN } from './support/server';

describe.skipIf(!hasChromium())('admin sign-in and guard', () => {
  const run = e2eRun();

  afterAll(async () => {});

  describe.each<ViewportName>(['phone', 'desktop'])('%s', (viewport) => {
    it('shows the server message for a wrong password', async () => {
      const context = await newContext(run.browser, viewport, run.server.url);
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
      await screenshot(page, `admin-login-${viewport}`);
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).textContent(),
      ).resolves.toBe('Invalid email or password');
      expect(new URL(page.url()).pathname).toBe('/login');
      await screenshot(page, `admin-login-error-${viewport}`);
      await context.close();
    });

    it('sends a signed-out visitor to /login and back to the page they wanted after sign-in', async () => {
      const context = await newContext(run.browser, viewport, run.server.url);
      const page = await context.newPage();
      const errors = trackConsoleErrors(page);
      await page.goto('/admin/campaigns');
      await page.waitForURL('**/login');
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password').fill(E2E_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/admin/campaigns');
      await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      // Signed in, /login sends straight on to the dashboard.
      await page.goto('/login');
      await page.waitForURL('**/admin/dashboard');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('lands on /login with a forged token, which is removed', async () => {
      const context = await newContext(run.browser, viewport, run.server.url);
      await context.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJmb3JnZWQifQ.forged-signature');
        }
      });
      const page = await context.newPage();
      await page.goto('/admin/dashboard');
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await context.close();
    });

    it('signs out when the token stops working mid-session, then returns after sign-in', async () => {
      const context = await newContext(run.browser, viewport, run.server.url);
      await context.addInitScript((value) => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('token', value);
        }
      }, run.token);
      const page = await context.newPage();
      await page.goto('/admin/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      // The token expires (here: is replaced) while the admin works; the next call answers 401.
      await page.evaluate(() => localStorage.setItem('token', 'expired.token.value'));
      if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Submissions' }).click();
      await page.waitForURL('**/login');
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password').fill(E2E_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/admin/submissions');
      await context.close();
    });
  });
});

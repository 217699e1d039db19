/** The admin layout, dashboard and placeholder pages at phone and desktop widths. */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createCampaign } from './support/api';
import { hasChromium, screenshot, signedIn, trackConsoleErrors, type ViewportName } from './support/browser';
import { e2eRun } from './support/run';

describe.skipIf(!hasChromium())('admin layout', () => {
  const run = e2eRun();

  beforeAll(async () => {
    await createCampaign(run.server.url, run.token, {
      title: 'School meals in Bauchi',
      location: 'Bauchi',
      amountRaised: 250_000,
    });
    await createCampaign(run.server.url, run.token, {
      title: 'Clinic for Jigawa',
      location: 'Jigawa',
      amountRaised: 750_000,
    });
  });

  describe.each<ViewportName>(['phone', 'desktop'])('%s', (viewport) => {
    it('shows the dashboard figures with the fixed change labels', async () => {
      const context = await signedIn(run.browser, viewport, run.server.url, run.token);
      const page = await context.newPage();
      const errors = trackConsoleErrors(page);
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      const main = page.getByRole('main');
      await main.getByText('₦1,000,000').waitFor();
      for (const text of [
        'Total raised',
        'Active campaigns',
        'Locations',
        'Monthly growth',
        '+12.5%',
        '+2',
        '+1',
        // Growth with its sign, and the months it compares (no campaign last month: 100%).
        '+100.0%',
      ]) {
        expect(await main.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
      }
      await main.getByRole('heading', { name: 'Recent Activity' }).waitFor();
      // The last events in plain words: the campaign made through the API is among them.
      await main
        .getByText(/^staff@example\.org created the campaign “.+”$/)
        .first()
        .waitFor();
      expect(await page.locator('header.site-header, footer.site-footer').count()).toBe(0);
      await screenshot(page, `admin-dashboard-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('opens every sidebar page', async () => {
      const context = await signedIn(run.browser, viewport, run.server.url, run.token);
      const page = await context.newPage();
      const errors = trackConsoleErrors(page);
      for (const [path, heading] of [
        ['users', 'Staff'],
        ['activity', 'Activity'],
        ['analytics', 'Analytics'],
        ['settings', 'Settings'],
        ['account', 'My account'],
        ['donations', 'Donations'],
      ]) {
        await page.goto(`/admin/${path}`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await screenshot(page, `admin-shell-${path}-${viewport}`);
      }
      expect(errors).toEqual([]);
      await context.close();
    });

    it('navigates with the sidebar, signs out and goes back to the site', async () => {
      // A session of its own: signing out revokes the token on the server.
      const token = await apiLogin(run.server.url);
      const context = await signedIn(run.browser, viewport, run.server.url, token);
      const page = await context.newPage();
      await page.goto('/admin/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      const toggle = page.getByRole('button', { name: 'Menu' });
      if (viewport === 'phone') {
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await page.getByRole('link', { name: 'Campaigns' }).isVisible()).toBe(false);
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        await page.getByRole('link', { name: 'Back to Site' }).waitFor();
        await screenshot(page, 'admin-menu-phone');
        await page.keyboard.press('Escape');
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        await toggle.click();
      } else {
        expect(await toggle.isVisible()).toBe(false);
      }
      await page.getByRole('link', { name: 'Campaigns' }).click();
      await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
      if (viewport === 'phone') expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      if (viewport === 'phone') await toggle.click();
      await page.getByRole('link', { name: 'Back to Site' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/admin/dashboard');
      if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      // The server refuses the token from now on, wherever it was copied to.
      await expect
        .poll(
          async () =>
            (await fetch(`${run.server.url}/api/auth/verify`, { headers: { authorization: `Bearer ${token}` } }))
              .status,
        )
        .toBe(401);
      await context.close();
    });
  });
});

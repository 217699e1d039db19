/**
 * Staff roles in the browser, at phone and desktop widths: an admin adds a reviewer, who signs in
 * with the one-time password, must change it, reviews submissions and adds a note, is refused
 * campaigns (hidden in the dashboard, refused by the server), and is signed out the moment the
 * admin disables them. Settings change the donate page at once; the CSV export opens right.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ONE_TIME_PASSWORD } from '../helpers/fixtures';
import { api } from './support/api';
import {
  hasChromium,
  newContext,
  openPage,
  screenshot,
  signedIn,
  trackConsoleErrors,
  type ViewportName,
} from './support/browser';
import { e2eRun } from './support/run';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** On a phone the sidebar is behind the menu button. */
async function openNav(page: Page, viewport: ViewportName) {
  if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('navigation', { name: 'Admin' });
}

describe.skipIf(!hasChromium())('staff roles', () => {
  const run = e2eRun();

  beforeAll(async () => {
    await api(run.server.url, 'POST', '/api/submissions/contact/register', undefined, {
      name: 'Ɗanjuma Ƙarami',
      email: 'danjuma@example.org',
      phone: '+234 803 555 0101',
      subject: 'Borehole repair',
      message: 'The pump in our ward has stopped; can the foundation help?',
    });
  });

  describe.each<ViewportName>(['phone', 'desktop'])('%s', (viewport) => {
    it('an admin adds a reviewer, who must change the one-time password, reviews, and is signed out when disabled', async () => {
      const name = viewport === 'phone' ? 'Amina Bello' : 'Halima Yusuf';
      const email = `${name.split(' ')[0]!.toLowerCase()}@example.org`;

      // The admin adds the reviewer and reads the one-time password, shown once.
      const adminContext = await signedIn(run.browser, viewport, run.server.url, run.token);
      const admin = await adminContext.newPage();
      const adminErrors = trackConsoleErrors(admin);
      await admin.goto('/admin/users');
      await admin.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
      await admin.getByRole('textbox', { name: 'Full name' }).fill(name);
      await admin.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await admin.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: 'Reviewer' });
      await admin.getByRole('button', { name: 'Add staff member' }).click();
      const secret = admin.getByRole('status').filter({ hasText: `One-time password for ${email}` });
      await secret.waitFor();
      const password = (await secret.locator('code').textContent())!.trim();
      expect(password).toMatch(ONE_TIME_PASSWORD);
      await admin.getByRole('row', { name: new RegExp(name) }).waitFor();
      await screenshot(admin, `admin-users-${viewport}`);
      await expectNoAxeViolations(admin);
      await secret.getByRole('button', { name: 'Done' }).click();

      // The reviewer signs in with it and must choose a password first.
      const reviewerContext = await newContext(run.browser, viewport, run.server.url);
      const reviewer = await reviewerContext.newPage();
      const reviewerErrors = trackConsoleErrors(reviewer);
      await reviewer.goto('/login');
      await reviewer.getByLabel('Email').fill(email);
      await reviewer.getByLabel('Password').fill(password);
      await reviewer.getByRole('button', { name: 'Sign in' }).click();
      await reviewer.getByRole('heading', { name: 'Choose your password' }).waitFor();
      await screenshot(reviewer, `admin-first-password-${viewport}`);
      await expectNoAxeViolations(reviewer);
      await reviewer.getByLabel('Current password').fill(password);
      await reviewer.getByLabel(/^New password\W*$/).fill('reviewers read every word');
      await reviewer.getByLabel('New password again').fill('reviewers read every word');
      await reviewer.getByRole('button', { name: 'Change password' }).click();
      await reviewer.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

      // The dashboard shows what a reviewer may do, and nothing else.
      const nav = await openNav(reviewer, viewport);
      await nav.getByRole('link', { name: 'Submissions' }).waitFor();
      for (const hidden of ['Campaigns', 'Staff', 'Users', 'Activity', 'Donations'])
        expect(await nav.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0);
      await screenshot(reviewer, `admin-reviewer-dashboard-${viewport}`);
      await nav.getByRole('link', { name: 'Submissions' }).click();

      // A note on an entry.
      await reviewer.getByRole('tab', { name: /Contact/ }).click();
      const entry = reviewer
        .getByRole('listitem')
        .filter({ has: reviewer.getByRole('heading', { name: 'Ɗanjuma Ƙarami' }) });
      await entry.getByText('Notes').click();
      await entry.getByLabel('Add a note (staff only)').fill(`Called back by ${name}.`);
      await entry.getByRole('button', { name: 'Add note' }).click();
      await entry.getByText(`Called back by ${name}.`).waitFor();
      await entry.getByText(name, { exact: true }).waitFor();
      // Only admins erase entries.
      expect(await entry.getByRole('button', { name: /Delete the entry/ }).count()).toBe(0);
      await screenshot(reviewer, `admin-submission-notes-${viewport}`);
      await expectNoAxeViolations(reviewer);

      // Campaigns: hidden, and refused by the server all the same.
      await reviewer.goto('/admin/campaigns');
      await reviewer.getByRole('heading', { name: 'Not available to your role' }).waitFor();
      const refused = await reviewer.evaluate(async () => {
        const res = await fetch('/campaigns', {
          method: 'POST',
          headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
          body: '{}',
        });
        return { status: res.status, body: await res.json() };
      });
      expect(refused).toEqual({
        status: 403,
        body: { message: 'Your role does not allow this', requestId: expect.any(String) },
      });

      // The admin disables the reviewer: their open session ends with their next step.
      await admin.getByRole('button', { name: `Disable ${name}` }).click();
      await admin.getByText('Staff member updated').first().waitFor();
      await reviewer.getByRole('link', { name: 'Back to the dashboard' }).click();
      await reviewer.waitForURL('**/login');
      await reviewer.getByRole('heading', { name: 'Staff sign-in' }).waitFor();

      expect(adminErrors).toEqual([]);
      // The refused calls above are the only errors the reviewer's console may show.
      expect(reviewerErrors.filter((e) => !/status of (401|403)/.test(e))).toEqual([]);
      await reviewerContext.close();
      await adminContext.close();
    });

    it('settings change the bank details on /donate at once', async () => {
      const accountNumber = viewport === 'phone' ? '0123456789' : '9876543210';
      const context = await signedIn(run.browser, viewport, run.server.url, run.token);
      const page = await context.newPage();
      const errors = trackConsoleErrors(page);
      await page.goto('/admin/settings');
      await page.getByLabel('Account number').fill('12345');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('An account number has exactly 10 digits').first().waitFor();
      await page.getByLabel('Account number').fill(accountNumber);
      await page.getByRole('combobox', { name: 'Bank', exact: true }).selectOption('Zenith Bank');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved').first().waitFor();
      await screenshot(page, `admin-settings-${viewport}`);
      await expectNoAxeViolations(page);

      const visitor = await newContext(run.browser, viewport, run.server.url);
      const donate = await visitor.newPage();
      await openPage(donate, '/donate');
      await donate.getByText(accountNumber).waitFor();
      await donate.getByText('Zenith Bank').waitFor();
      // In the server's own HTML, not only after the script ran.
      const html = await (await fetch(`${run.server.url}/donate`)).text();
      expect(html).toContain(accountNumber);
      expect(errors).toEqual([]);
      await visitor.close();
      await context.close();
    });

    it('shows activity, analytics and the account page, and exports a CSV that reads back', async () => {
      const context = await signedIn(run.browser, viewport, run.server.url, run.token);
      const page = await context.newPage();
      const errors = trackConsoleErrors(page);
      await page.goto('/admin/dashboard');
      await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
      await page.locator('.admin-events__item').first().waitFor();
      await screenshot(page, `admin-dashboard-activity-${viewport}`);

      await page.goto('/admin/activity');
      await page.getByLabel('Kind').selectOption({ label: 'Staff accounts' });
      await page
        .getByText(/added .* as reviewer/)
        .first()
        .waitFor();
      await screenshot(page, `admin-activity-${viewport}`);
      await expectNoAxeViolations(page);

      await page.goto('/admin/analytics');
      await page.getByRole('heading', { name: 'Submissions per week' }).waitFor();
      await page.getByText('Show the figures as a table').click();
      await page.getByRole('table', { name: 'Submissions per week' }).waitFor();
      await screenshot(page, `admin-analytics-${viewport}`);
      await expectNoAxeViolations(page);

      await page.goto('/admin/account');
      await page.getByRole('heading', { name: 'Recent sign-ins' }).waitFor();
      await page.getByText('Signed in', { exact: true }).first().waitFor();
      await screenshot(page, `admin-account-${viewport}`);
      await expectNoAxeViolations(page);

      await page.goto('/admin/submissions');
      await page.getByRole('tab', { name: /Contact/ }).click();
      await page.getByLabel('Search by name or email').fill('ɗanjuma');
      await page.getByRole('heading', { name: 'Ɗanjuma Ƙarami' }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^contact-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = fs.readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows: Record<string, string>[] = parse(bytes.toString('utf8').slice(1), { columns: true });
      expect(rows.map((r) => [r.Name, r.Phone])).toEqual([['Ɗanjuma Ƙarami', "'+234 803 555 0101"]]);
      await screenshot(page, `admin-submissions-search-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});

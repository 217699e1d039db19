/** A visitor's volunteer application reviewed by an admin, at phone and desktop widths. */
import AxeBuilder from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api';
import {
  hasChromium,
  newContext,
  screenshot,
  signedIn,
  trackConsoleErrors,
  type ViewportName,
} from './support/browser';
import { e2eRun } from './support/run';

const ADVOCATES = 62;

describe.skipIf(!hasChromium())('admin submissions', () => {
  const run = e2eRun();

  beforeAll(async () => {
    await api(run.server.url, 'POST', '/api/submissions/newsletter/register', undefined, {
      email: 'reader@example.org',
    });
    await api(run.server.url, 'POST', '/api/submissions/contact/register', undefined, {
      name: 'Musa Ibrahim',
      email: 'musa@example.org',
      phone: '08030000000',
      subject: 'Project visit',
      message: 'Can our school visit the borehole project in Gezawa?',
    });
    // More advocates than one page holds (50), for "Show more".
    for (let i = 1; i <= ADVOCATES; i++) {
      await api(run.server.url, 'POST', '/api/submissions/advocate/register', undefined, {
        firstName: `Advocate${i}`,
        lastName: 'Bello',
        email: `advocate${i}@example.org`,
        advocacyInterests: ['Social Media Advocacy'],
        message: 'I will share the campaigns with my followers.',
      });
    }
  });

  describe.each<ViewportName>(['phone', 'desktop'])('%s', (viewport) => {
    const firstName = viewport === 'phone' ? 'Hauwa' : 'Aisha';

    it('an admin approves a volunteer who applied through the public form', async () => {
      const visitor = await newContext(run.browser, viewport, run.server.url);
      const form = await visitor.newPage();
      await form.goto('/volunteer-form');
      await form.getByLabel('First name').fill(firstName);
      await form.getByLabel('Last name').fill('Usman');
      await form.getByLabel('Email address').fill(`${firstName.toLowerCase()}@example.org`);
      await form.getByLabel('Phone number').fill('+234 803 123 4567');
      await form.getByLabel('Health Outreach').check();
      await form.getByLabel('Weekends').check();
      await form.getByLabel('Why do you want to volunteer?').fill('I am a nurse and want to help at outreach days.');
      await form.getByRole('button', { name: 'Submit application' }).click();
      await form.getByText('Application submitted successfully! We will contact you soon.').first().waitFor();
      await visitor.close();

      const context = await signedIn(run.browser, viewport, run.server.url, run.token);
      const page = await context.newPage();
      const errors = trackConsoleErrors(page);
      await page.goto('/admin/submissions');
      const volunteerTab = page.getByRole('tab', { name: /Volunteers/ });
      await volunteerTab.waitFor();
      expect(await volunteerTab.getAttribute('aria-selected')).toBe('true');
      const entry = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: `${firstName} Usman` }) });
      await entry.waitFor();
      await entry.getByText('Show full entry').click();
      await entry.getByText('I am a nurse and want to help at outreach days.').waitFor();
      await screenshot(page, `admin-submissions-${viewport}`);

      const status = entry.getByRole('combobox', { name: `Status for ${firstName} Usman` });
      expect(await status.inputValue()).toBe('pending');
      await status.selectOption({ label: 'Approve' });
      await page.getByText('Status updated successfully').first().waitFor();
      await page.reload();
      await page
        .getByRole('combobox', { name: `Status for ${firstName} Usman` })
        .and(page.locator(':not([disabled])'))
        .waitFor();
      expect(await page.getByRole('combobox', { name: `Status for ${firstName} Usman` }).inputValue()).toBe('approved');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('moves between the tabs with the arrow keys and shows each list', async () => {
      const context = await signedIn(run.browser, viewport, run.server.url, run.token);
      const page = await context.newPage();
      await page.goto('/admin/submissions');
      const volunteerTab = page.getByRole('tab', { name: /Volunteers/ });
      await volunteerTab.waitFor();
      await page
        .getByRole('tab', { name: /Contact/ })
        .getByText('1')
        .waitFor();
      await volunteerTab.focus();
      await page.keyboard.press('ArrowRight');
      expect(await page.getByRole('tab', { name: /Partners/ }).getAttribute('aria-selected')).toBe('true');
      await page.getByText('No partner applications yet').waitFor();
      await page.keyboard.press('End');
      expect(await page.getByRole('tab', { name: /Contact/ }).getAttribute('aria-selected')).toBe('true');
      await page.getByRole('heading', { name: 'Musa Ibrahim' }).waitFor();
      expect(await page.getByRole('tabpanel').getByRole('combobox').count()).toBe(0);
      await screenshot(page, `admin-submissions-contact-${viewport}`);
      await page.keyboard.press('ArrowLeft');
      const newsletter = page.getByRole('combobox', { name: 'Status for reader@example.org' });
      await newsletter.waitFor();
      expect(await newsletter.inputValue()).toBe('active');
      await screenshot(page, `admin-submissions-newsletter-${viewport}`);
      await context.close();
    });

    it('shows a long list a page at a time, with the whole count on the tab', async () => {
      const context = await signedIn(run.browser, viewport, run.server.url, run.token);
      const page = await context.newPage();
      const errors = trackConsoleErrors(page);
      await page.goto('/admin/submissions');
      const tab = page.getByRole('tab', { name: /Advocates/ });
      await tab.getByText(String(ADVOCATES)).waitFor();
      await tab.click();
      const cards = page.getByRole('tabpanel').getByRole('heading', { name: /^Advocate\d+ Bello$/ });
      await expect.poll(() => cards.count()).toBe(50);
      const more = page.getByRole('button', { name: 'Show more' });
      await more.scrollIntoViewIfNeeded();
      await screenshot(page, `admin-submissions-more-${viewport}`);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await more.click();
      await expect.poll(() => cards.count()).toBe(ADVOCATES);
      await more.waitFor({ state: 'detached' });
      // Newest first across the page boundary, each entry once.
      const names = await cards.allTextContents();
      expect(new Set(names).size).toBe(ADVOCATES);
      expect(names[0]).toBe(`Advocate${ADVOCATES} Bello`);
      expect(names.at(-1)).toBe('Advocate1 Bello');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('erases one entry after confirming, for an erasure request', async () => {
      const name = `Zainab Erase ${viewport}`;
      await api(run.server.url, 'POST', '/api/submissions/contact/register', undefined, {
        name,
        email: `zainab.${viewport}@example.org`,
        phone: '08030000001',
        subject: 'Please delete my data',
        message: 'I sent a message last year; please erase it.',
      });
      const context = await signedIn(run.browser, viewport, run.server.url, run.token);
      const page = await context.newPage();
      const errors = trackConsoleErrors(page);
      await page.goto('/admin/submissions');
      await page.getByRole('tab', { name: /Contact/ }).click();
      const entry = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await entry.waitFor();

      await entry.getByRole('button', { name: `Delete the entry of ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this entry for good?' });
      await dialog.waitFor();
      await dialog.getByText(`The entry of ${name} will be erased`).waitFor();
      await screenshot(page, `admin-submissions-erase-${viewport}`);
      // axe's full default rule set, with the dialog open over the list.
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await entry.count()).toBe(1);

      await entry.getByRole('button', { name: `Delete the entry of ${name}` }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Entry deleted').first().waitFor();
      await entry.waitFor({ state: 'detached' });
      const lists = (await api(run.server.url, 'GET', '/api/submissions', run.token)) as {
        contact: { name: string }[];
      };
      expect(lists.contact.map((c) => c.name)).not.toContain(name);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});

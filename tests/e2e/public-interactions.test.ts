/**
 * The public site used like a person would: forms filled by label and submitted (then found
 * through the admin API), the failure paths, the mobile menu, the gallery and the filters.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SeededCampaigns, seedCampaigns } from './public-seed';
import { api } from './support/api';
import { hasChromium, newContext, openPage, screenshot, trackConsoleErrors, whenLive } from './support/browser';
import { e2eRun } from './support/run';

interface Lists {
  volunteer: { email: string; interests: string[] }[];
  partner: { email: string; partnershipType: string[] }[];
  advocate: { email: string }[];
  contact: { email: string; subject: string }[];
  newsletter: { email: string }[];
}

/** A tRPC error answer as the server's formatter writes it (superjson envelope). */
const trpcError = (message: string) =>
  JSON.stringify({
    error: { json: { message, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } },
  });

describe.skipIf(!hasChromium())('public interactions', () => {
  const run = e2eRun();
  let seeded: SeededCampaigns;
  let desktop: BrowserContext;
  let page: Page;
  let errors: string[];

  const submissions = () => api<Lists>(run.server.url, 'GET', '/api/submissions', run.token);

  beforeAll(async () => {
    seeded = await seedCampaigns(run.server.url, run.token);
    desktop = await newContext(run.browser, 'desktop', run.server.url);
    page = await desktop.newPage();
    errors = trackConsoleErrors(page);
  });

  it('volunteer form: the required-field summary, then a real submission and the redirect', async () => {
    await openPage(page, '/volunteer-form');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect.poll(() => page.getByText('Please fill in all required fields').isVisible()).toBe(true);
    expect(await page.getByLabel('First name').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'public-volunteer-form-errors-desktop');

    await page.getByLabel('First name').fill('Aisha');
    await page.getByLabel('Last name').fill('Bello');
    await page.getByLabel('Email address').fill('aisha.bello@example.com');
    await page.getByLabel('Phone number').fill('+234 803 555 0101');
    await page.getByLabel('Health Outreach').check();
    await page.getByLabel('Fundraising').check();
    await page.getByLabel('Weekends').check();
    await page.getByLabel('Why do you want to volunteer?').fill('I am a nurse and want to help at outreach days.');
    await page.getByRole('button', { name: 'Submit application' }).dblclick();
    await expect
      .poll(() => page.getByText('Application submitted successfully! We will contact you soon.').isVisible())
      .toBe(true);
    expect(await page.getByLabel('First name').inputValue()).toBe('');
    await page.waitForURL('**/volunteer', { timeout: 8000 });

    const rows = (await submissions()).volunteer.filter((v) => v.email === 'aisha.bello@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.interests).toEqual(['Health Outreach', 'Fundraising']);
  });

  it('partner form submits and is stored', async () => {
    await openPage(page, '/partner-form');
    await page.getByLabel('Organisation name').fill('Sahel Water Ltd');
    await page.getByLabel('Organisation type').selectOption('Business');
    await page.getByLabel('Contact first name').fill('Musa');
    await page.getByLabel('Contact last name').fill('Ibrahim');
    await page.getByLabel('Email address').fill('musa@sahelwater.example.com');
    await page.getByLabel('Phone number').fill('08035550102');
    await page.getByLabel('Technical Expertise').check();
    await page.getByLabel('Water & Sanitation').check();
    await page.getByLabel('What resources can you contribute?').fill('Two drilling engineers for a month.');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect
      .poll(() => page.getByText('Application submitted successfully!', { exact: false }).isVisible())
      .toBe(true);
    const rows = (await submissions()).partner.filter((p) => p.email === 'musa@sahelwater.example.com');
    expect(rows.map((r) => r.partnershipType)).toEqual([['Technical Expertise']]);
  });

  it('advocate form submits and is stored', async () => {
    await openPage(page, '/advocate-form');
    await page.getByLabel('First name').fill('Zainab');
    await page.getByLabel('Last name').fill('Yusuf');
    await page.getByLabel('Email address').fill('zainab@example.com');
    await page.getByLabel('Social Media Advocacy').check();
    await page.getByLabel('Why do you want to become an advocate?').fill('My followers care about girls’ education.');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect
      .poll(() => page.getByText('Application submitted successfully!', { exact: false }).isVisible())
      .toBe(true);
    expect((await submissions()).advocate.some((a) => a.email === 'zainab@example.com')).toBe(true);
  });

  it('contact form shows the server message when the server fails, then submits', async () => {
    await openPage(page, '/contact');
    await page.getByLabel('Full name').fill('Emeka Obi');
    await page.getByLabel('Email address').fill('emeka@example.com');
    await page.getByLabel('Phone number').fill('08035550103');
    await page.getByLabel('Subject').fill('Receipt for my transfer');
    await page.getByLabel('Message').fill('I sent ₦20,000 on Monday for the Kano clinic.');

    // Only this request fails, with the server's own error shape.
    await page.route('**/trpc/submission.contact.create**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: trpcError('Our mail service is down') }),
    );
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Our mail service is down' }).count())
      .toBeGreaterThan(0);
    expect(await page.getByText('Message submission failed').isVisible()).toBe(true);
    await screenshot(page, 'public-contact-error-desktop');
    await page.unrouteAll();
    errors.length = 0; // the browser logs the deliberate 500

    await page.getByRole('button', { name: 'Send message' }).click();
    await expect
      .poll(() => page.getByText('Message sent successfully! We will get back to you soon.').isVisible())
      .toBe(true);
    expect((await submissions()).contact.map((c) => c.subject)).toContain('Receipt for my transfer');
  });

  it('newsletter sign-up on the home page', async () => {
    await openPage(page, '/');
    const form = page.getByRole('form', { name: 'Stay in touch' });
    await form.getByLabel('Email address').fill('reader@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect
      .poll(() => page.getByText('Almost done! Check your inbox and confirm your subscription.').isVisible())
      .toBe(true);
    expect((await submissions()).newsletter.map((n) => n.email)).toContain('reader@example.com');
    expect(errors).toEqual([]);
  });

  it('the gallery thumbnails switch the main image, by click and by arrow key', async () => {
    await openPage(page, `/campaign/${seeded.galleryId}`);
    await expect.poll(() => page.title()).toBe('Clean water for Gezawa — Arewa Community Development Foundation');
    const main = page.getByTestId('gallery-main');
    const first = await main.getAttribute('src');
    await (await whenLive(page.getByRole('button', { name: 'Show photo 2 of 3' }))).click();
    await expect.poll(() => main.getAttribute('src')).not.toBe(first);
    expect(await page.getByRole('button', { name: 'Show photo 2 of 3' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('button', { name: 'Show photo 3 of 3' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Show photo 3 of 3');
  });

  it('an unknown campaign says so and links back to the campaigns', async () => {
    await openPage(page, '/campaign/no-such-campaign');
    await expect.poll(() => page.getByRole('heading', { name: 'Campaign not found' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Back to campaigns' }).click();
    await page.waitForURL('**/campaigns');
  });

  it('the state filter is kept in the URL', async () => {
    await openPage(page, '/campaigns');
    await page.getByLabel('State').selectOption('Kano');
    await page.waitForURL('**/campaigns?location=Kano');
    await expect.poll(() => page.locator('.campaign-card').count()).toBe(2);
    await page.getByLabel('Category').selectOption('Health');
    await expect.poll(() => page.locator('.campaign-card').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('category')).toBe('Health');
  });

  describe('on a phone', () => {
    let phone: Page;
    beforeAll(async () => {
      const context = await newContext(run.browser, 'phone', run.server.url);
      phone = await context.newPage();
    });

    it('the menu opens, closes on Escape with focus back on the toggle, and closes on a link tap', async () => {
      await openPage(phone, '/');
      const toggle = phone.getByRole('button', { name: 'Open menu' });
      const menu = phone.getByRole('dialog', { name: 'Menu' });
      await toggle.click();
      await expect.poll(() => menu.isVisible()).toBe(true);
      await screenshot(phone, 'public-menu-phone');
      await phone.keyboard.press('Escape');
      await expect.poll(() => menu.isVisible()).toBe(false);
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

      await toggle.click();
      await menu.getByRole('link', { name: 'CAMPAIGNS' }).tap();
      await phone.waitForURL('**/campaigns');
      await expect.poll(() => menu.isVisible()).toBe(false);
    });
  });
});

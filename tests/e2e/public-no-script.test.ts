/**
 * The public forms before any script runs (here: never, JavaScript is off), as on a slow phone
 * whose page has not finished loading: plain HTML posts to the REST paths, answered with the
 * form's page again.
 */
import pixelmatch from 'pixelmatch';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createCampaign, sampleCampaign } from './support/api';
import { hasChromium, screenshot, trackConsoleErrors, VIEWPORTS } from './support/browser';
import { e2eRun } from './support/run';

describe.skipIf(!hasChromium())('public forms without JavaScript', () => {
  const run = e2eRun();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await run.browser.newContext({
      baseURL: run.server.url,
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it('shows a refused application again with every message, then takes the corrected one', async () => {
    await page.goto('/volunteer-form');
    await page.getByLabel('First name').fill('Zainab');
    await page.getByLabel('Email address').fill('not an address');
    await page.getByLabel('Weekends').check();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('Please fill in all required fields').first().waitFor();
    // What was typed is still there, and each refused field says why.
    expect(await page.getByLabel('First name').inputValue()).toBe('Zainab');
    expect(await page.getByLabel('Weekends').isChecked()).toBe(true);
    expect(await page.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Please enter a valid email address').waitFor();
    // (axe runs in the page's own script, which is off here: the same components are checked with it on.)
    await screenshot(page, 'public-volunteer-form-no-script-refused-phone');

    await page.getByLabel('Last name').fill('Lawal');
    await page.getByLabel('Email address').fill('zainab.lawal@example.org');
    await page.getByLabel('Phone number').fill('08035550199');
    await page.getByLabel('Health Outreach').check();
    await page.getByLabel('Fundraising').check();
    await page.getByLabel('Why do you want to volunteer?').fill('I run a pharmacy in Dutse.');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.waitForURL('**/volunteer-form?sent=volunteer');
    await page.getByText('Application submitted successfully! We will contact you soon.').waitFor();
    await screenshot(page, 'public-volunteer-form-no-script-sent-phone');

    const lists = await api<{ volunteer: { email: string; interests: string[] }[] }>(
      run.server.url,
      'GET',
      '/api/submissions?type=volunteer',
      run.token,
    );
    const stored = lists.volunteer.filter((v) => v.email === 'zainab.lawal@example.org');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.interests).toEqual(['Health Outreach', 'Fundraising']);
  });

  it('subscribes to the newsletter from the home page', async () => {
    await page.goto('/');
    await page.getByLabel('Email address').fill('no.script.reader@example.org');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/?sent=newsletter');
    await page.getByText('Almost done! Check your inbox and confirm your subscription.').waitFor();
  });

  it('hydrates a refused form, once its script arrives, at the address of the form page', async () => {
    const late = await run.browser.newContext({ baseURL: run.server.url, viewport: { width: 390, height: 844 } });
    const slow = await late.newPage();
    const errors = trackConsoleErrors(slow);
    // The script that starts the app comes late, as on a slow phone: the visitor submits first.
    let releaseScripts = () => {};
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await slow.route('**/assets/index-*.js', async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    await slow.goto('/contact', { waitUntil: 'commit' });
    await slow.getByLabel('Full name').fill('Ibrahim Sani');
    await slow.getByRole('button', { name: 'Send message' }).click();
    await slow.waitForURL('**/api/submissions/contact/register', { waitUntil: 'commit' });
    await slow.getByLabel('Full name').waitFor();
    releaseScripts();
    await slow.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(new URL(slow.url()).pathname).toBe('/contact');
    expect(await slow.getByLabel('Full name').inputValue()).toBe('Ibrahim Sani');
    expect(await slow.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    // The refused post answered 400; that is the one console line expected.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await late.close();
  });

  it('draws each page from the rules in its head exactly as with the whole stylesheet', async () => {
    const { _id } = await createCampaign(run.server.url, run.token, sampleCampaign({ title: 'Wells for Gwarzo' }));
    /** The whole page, drawn with or without the stylesheet it links after its markup. */
    const draw = async (path: string, viewport: keyof typeof VIEWPORTS, whole: boolean) => {
      const drawing = await run.browser.newContext({
        baseURL: run.server.url,
        viewport: VIEWPORTS[viewport],
        javaScriptEnabled: false,
      });
      const tab = await drawing.newPage();
      // Photos load lazily, at no fixed moment: left out of both drawings alike.
      await tab.route('**/api/uploads/**', (route) => route.abort());
      if (!whole) await tab.route('**/assets/index-*.css', (route) => route.abort());
      let linked = false;
      tab.on('requestfinished', (request) => {
        if (/\/assets\/index-[\w-]+\.css$/.test(request.url())) linked = true;
      });
      await tab.goto(path, { waitUntil: 'load' });
      const png = await tab.screenshot({ fullPage: true });
      await drawing.close();
      return { linked, png };
    };
    const pixels = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (const path of ['/', '/campaigns', `/campaign/${_id}`, '/donate'])
      for (const viewport of ['phone', 'desktop'] as const) {
        const [withWhole, headOnly] = await Promise.all([draw(path, viewport, true), draw(path, viewport, false)]);
        expect([withWhole.linked, headOnly.linked], path).toEqual([true, false]);
        const [a, b] = await Promise.all([pixels(withWhole.png), pixels(headOnly.png)]);
        expect([b.info.width, b.info.height], `${path} at ${viewport}`).toEqual([a.info.width, a.info.height]);
        const changed = pixelmatch(a.data, b.data, undefined, a.info.width, a.info.height, { threshold: 0.1 });
        expect(changed, `${path} at ${viewport}`).toBe(0);
      }
  });
});

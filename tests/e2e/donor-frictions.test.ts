/**
 * A donor on a phone where the network lets them down, and the small things around giving: the
 * give form's code blocked on the way shows a message in the page's language (English and Hausa)
 * with Retry, and works once Retry finds the network back; a campaign whose total came before
 * online records says so instead of "be the first"; the campaign can be shared on WhatsApp or by
 * its address; the public menu's sign-in link stands apart from the pages.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { upload } from './public-seed';
import { createCampaign } from './support/api';
import { hasChromium, newContext, openPage, screenshot, trackConsoleErrors, whenLive } from './support/browser';
import { e2eRun } from './support/run';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The give form's code and its checking code (the schema), as Vite names their chunks. */
const GIVE_CODE = /\/assets\/give-(form|schema)-[^/]+\.js$/;
const offline = (route: Route) => route.abort('internetdisconnected');

/**
 * A page whose give form cannot arrive: opened, hydrated, and the donor's finger on the give
 * panel, which asks for the form's code.
 */
async function openBlocked(page: Page, path: string) {
  const blocked: string[] = [];
  await page.route(GIVE_CODE, (route) => {
    blocked.push(route.request().url());
    return offline(route);
  });
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // Pointed at until the code is asked for: the panel may still be hydrating, with nothing listening.
  await expect
    .poll(async () => {
      await page.locator('#give').dispatchEvent('pointerover');
      return blocked.length;
    })
    .toBeGreaterThan(0);
  return blocked;
}

describe.skipIf(!hasChromium())('donor frictions', () => {
  const run = e2eRun();
  let campaign: { _id: string; title: string };

  beforeAll(async () => {
    // Money raised before the site kept gifts: the opening amount, no gift yet.
    campaign = await createCampaign(run.server.url, run.token, {
      title: 'Solar pumps for Dutse',
      amountRaised: 3_850_000,
      target: 5_000_000,
      location: 'Jigawa',
      image: await upload(run.server.url, run.token, '#1d6b5e'),
    });
  });

  it('the give form blocked on the way says so in words, with Retry, and works once the network is back', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    const page = await context.newPage();
    const blocked = await openBlocked(page, `/campaign/${campaign._id}`);
    const give = page.getByRole('complementary', { name: 'Give to this campaign' });
    const alert = give.getByRole('alert');
    await alert.getByText('We could not reach the site. Please check your connection and try again.').waitFor();
    expect(blocked.length).toBeGreaterThan(0);
    expect(await page.getByText(/Failed to fetch|dynamically imported module/).count()).toBe(0);
    // The bank details stay, so a transfer can still be made.
    await give.getByText('Account number', { exact: true }).waitFor();
    await screenshot(page, 'donor-retry-phone');
    await expectNoAxeViolations(page);

    // The network comes back: Retry loads the form, which then gives.
    await page.unroute(GIVE_CODE);
    await give.getByRole('button', { name: 'Retry' }).click();
    await give.locator('form[data-live]').waitFor();
    expect(await give.getByRole('alert').count()).toBe(0);
    // Another amount is asked for only once Other is chosen.
    expect(await give.getByLabel('Other amount (₦)').isVisible()).toBe(false);
    await give.getByRole('radio', { name: 'Other' }).check();
    await give.getByLabel('Other amount (₦)').fill('2500');
    await give.getByLabel('Give anonymously').check();
    await give.getByRole('button', { name: 'Get my payment reference' }).click();
    await page.waitForURL(/\/pledge\/[A-Z2-9]{8}$/);
    await page.getByText('₦2,500 for Solar pumps for Dutse').waitFor();
    await context.close();
  });

  it('says it in Hausa on a Hausa page', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    const page = await context.newPage();
    await openBlocked(page, `/campaign/${campaign._id}?lang=ha`);
    const alert = page.locator('#give').getByRole('alert');
    await alert
      .getByText('Ba mu iya isa ga shafin ba. Da fatan za a duba haɗin intanet ɗinka sannan a sake gwadawa.')
      .waitFor();
    await alert.getByRole('button', { name: 'Sake gwadawa' }).waitFor();
    await screenshot(page, 'donor-retry-hausa-phone');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('a total from before online records is said on the wall, never "be the first"', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    await openPage(page, `/campaign/${campaign._id}`);
    const wall = page.getByRole('region', { name: 'Supporters' });
    await wall.getByText('₦3,850,000 given before online records').waitFor();
    expect(await page.getByText('Be the first to support this campaign.').count()).toBe(0);
    // The copy beside the account number stresses the reference.
    await page
      .locator('#give')
      .getByText(/Always write your payment reference in the transfer’s narration/)
      .waitFor();
    await screenshot(page, 'donor-campaign-phone');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers WhatsApp and the address to share, and the quiet sign-in link in the menu', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await openPage(page, `/campaign/${campaign._id}`);
    const share = page.getByRole('list', { name: 'Share' });
    const href = await share.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href');
    expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
    const text = decodeURIComponent(href!.slice('https://wa.me/?text='.length));
    expect(text).toMatch(new RegExp(`^Solar pumps for Dutse https?://[^/]+/campaign/${campaign._id}$`));
    await (await whenLive(share.getByRole('button', { name: 'Copy link' }))).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).first().waitFor();
    // "Copied" is read once on screen: in the button, not again beside it.
    // Polled: on a loaded machine the button's word may be drawn a moment after the status speaks.
    const shownCopied = () =>
      page.locator('#give').evaluate(
        (panel) =>
          [...panel.querySelectorAll('*')].filter((el) => {
            const box = el.getBoundingClientRect();
            return (
              el.childElementCount === 0 &&
              el.textContent === 'Copied' &&
              getComputedStyle(el).visibility === 'visible' &&
              box.width > 1 &&
              box.height > 1
            );
          }).length,
      );
    await expect.poll(shownCopied, { timeout: 2000 }).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text.slice('Solar pumps for Dutse '.length));

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const signIn = menu.getByRole('link', { name: 'SIGN IN' });
    expect(await menu.getByRole('navigation').getByRole('link', { name: 'SIGN IN' }).count()).toBe(0);
    const [signInSize, pageLinkSize] = await Promise.all([
      signIn.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
      menu.getByRole('link', { name: 'CAMPAIGNS' }).evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
    ]);
    expect(signInSize).toBeLessThan(pageLinkSize);
    await screenshot(page, 'donor-menu-phone');
    await expectNoAxeViolations(page);
    await context.close();
  });
});

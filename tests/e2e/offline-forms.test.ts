/**
 * Forms sent offline, at phone width: the contact form sent with no connection says it is kept on
 * the phone; the tab is closed, the phone goes online, the site is opened again, and the message
 * is stored once. Once with the service worker blocked (the page sends at its next load), once
 * with it (Background Sync may send it too: the form's clientId keeps it one row). The give panel
 * offline says a pledge needs the server's reference and still shows the account. Screenshots:
 * offline-forms-<what>-phone; axe's full default rule set on both.
 */

import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createCampaign } from './support/api';
import { hasChromium, newContext, openPage, SCREENSHOT_DIR, screenshot } from './support/browser';
import { e2eRun } from './support/run';

const SAVED = 'Saved on this phone; it will be sent when you are back online.';
const SAVED_HA = 'An ajiye fom ɗin a wannan wayar; za a aika shi da zarar ka dawo kan intanet.';

interface Lists {
  contact: { email: string; subject: string }[];
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The screen as the phone shows it (390x844), scrolled to `selector`, beside the full page. */
async function screenshots(page: Page, name: string, selector: string) {
  await screenshot(page, name);
  await page.locator(selector).evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-screen.png`) });
}

/** The forms this phone keeps (client/offline/form-outbox.ts). */
const keptForms = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('foundation-forms', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('outbox', { keyPath: 'clientId' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );

describe.skipIf(!hasChromium())('forms offline, at phone width', () => {
  const run = e2eRun();
  let campaignPath: string;

  const storedMessages = async (email: string) =>
    (await api<Lists>(run.server.url, 'GET', '/api/submissions?type=contact&limit=500', run.token)).contact.filter(
      (message) => message.email === email,
    ).length;

  beforeAll(async () => {
    campaignPath = `/campaign/${(await createCampaign(run.server.url, run.token, { title: 'Wells for Dutse' }))._id}`;
  });

  /** Online again, the site opened: the kept message is stored once and nothing is left kept. */
  async function backOnline(context: BrowserContext, email: string): Promise<Page> {
    await context.setOffline(false);
    const again = await context.newPage();
    await openPage(again, '/');
    await expect.poll(() => storedMessages(email), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => keptForms(again)).toBe(0);
    return again;
  }

  /** Fills the contact form, sends it offline and answers the page showing the kept notice. */
  async function sendOffline(context: BrowserContext, email: string, path = '/contact', notice = SAVED) {
    const page = await context.newPage();
    await openPage(page, path);
    await page.locator('input[name="name"]').fill('Hauwa Sani');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="phone"]').fill('+234 803 555 0142');
    await page.locator('input[name="subject"]').fill('A visit to the well');
    await page.locator('textarea[name="message"]').fill('Our school would like to visit the well in Dutse.');
    await context.setOffline(true);
    await page.locator('form.submission-form button[type="submit"]').click();
    await page.getByRole('status').getByText(notice).waitFor();
    // Cleared for the next message, the button free again.
    expect(await page.locator('input[name="email"]').inputValue()).toBe('');
    expect(await page.locator('form.submission-form button[type="submit"]').isDisabled()).toBe(false);
    return page;
  }

  it('keeps a contact message sent offline, and stores it once at the next visit online', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    const email = 'hauwa.offline@example.org';
    const page = await sendOffline(context, email);
    expect(await keptForms(page)).toBe(1);
    await screenshots(page, 'offline-forms-saved-phone', '.form-feedback__saved');
    await expectNoAxeViolations(page);
    expect(await storedMessages(email)).toBe(0);

    await page.close();
    const again = await backOnline(context, email);
    // Another visit sends nothing more.
    await openPage(again, '/about');
    await again.waitForTimeout(500);
    expect(await storedMessages(email)).toBe(1);
    await context.close();
  });

  it('stores it once where the service worker may send it too', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url, { serviceWorkers: 'allow' });
    const email = 'hauwa.worker@example.org';
    // A first visit lets the worker install.
    const first = await context.newPage();
    await openPage(first, '/');
    expect(await first.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active !== null))).toBe(true);
    await first.close();
    const page = await sendOffline(context, email);
    await page.close();
    const again = await backOnline(context, email);
    await again.reload();
    await again.waitForTimeout(500);
    expect(await storedMessages(email)).toBe(1);
    await context.close();
  });

  it('says it in Hausa on a Hausa page', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    const page = await sendOffline(context, 'hauwa.hausa@example.org', '/contact?lang=ha', SAVED_HA);
    expect(await keptForms(page)).toBe(1);
    await screenshots(page, 'offline-forms-saved-hausa-phone', '.form-feedback__saved');
    await context.setOffline(false);
    // Online again with the page still open: sent at once.
    await expect.poll(() => storedMessages('hauwa.hausa@example.org'), { timeout: 15_000 }).toBe(1);
    await context.close();
  });

  it('the give panel offline says a pledge needs the reference and still shows the account', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    const page = await context.newPage();
    await openPage(page, campaignPath);
    const give = page.getByRole('complementary', { name: 'Give to this campaign' });
    await give.locator('form[data-live]').waitFor();
    await context.setOffline(true);
    await give.getByText('You are offline').waitFor();
    await give
      .getByText('A pledge needs a payment reference from our server, so you can make one once you are back online.', {
        exact: false,
      })
      .waitFor();
    expect(await give.locator('form.give-form').isVisible()).toBe(false);
    await give.getByText('Account number', { exact: true }).waitFor();
    expect(await give.locator('.bank-details__digits').isVisible()).toBe(true);
    await screenshots(page, 'offline-forms-give-phone', '.give-panel__offline');
    await expectNoAxeViolations(page);
    // Online again: the form is back as it was.
    await context.setOffline(false);
    await give.locator('form.give-form').waitFor({ state: 'visible' });
    expect(await give.getByText('You are offline').count()).toBe(0);

    await openPage(page, `${campaignPath}?lang=ha`);
    await page.locator('#give form[data-live]').waitFor();
    await context.setOffline(true);
    await page.locator('#give').getByText('Ba ka kan intanet').waitFor();
    await screenshots(page, 'offline-forms-give-hausa-phone', '.give-panel__offline');
    await page
      .locator('#give')
      .getByText('Alƙawarin gudummawa yana buƙatar lambar shaidar biya', { exact: false })
      .waitFor();
    await context.close();

    // Beside the campaign on a wide screen, the same.
    const desktop = await newContext(run.browser, 'desktop', run.server.url);
    const wide = await desktop.newPage();
    await openPage(wide, campaignPath);
    await wide.locator('#give form[data-live]').waitFor();
    await desktop.setOffline(true);
    await wide.locator('#give').getByText('You are offline').waitFor();
    await screenshots(wide, 'offline-forms-give-desktop', '.give-panel__offline');
    await desktop.close();
  });
});

/**
 * The site in Hausa, walked like a visitor and a member of staff would at phone and desktop width:
 * Hausa chosen in the globe menu, then every public page, each form sent empty, a pledge, the
 * sign-in and the dashboard's screens. On each: <html lang="ha">, no text of the English catalogue
 * left (campaign texts staff wrote only in English are marked lang="en" and skipped), no console
 * error, axe's full default rule set, and a screenshot (hausa-<page>-<viewport>). The choice
 * survives a reload and a new tab, and the server's HTML is already Hausa.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogues } from '../../scripts/i18n/catalogues';
import { FOUNDATION } from '../../shared/constants';
import type { MessageKey } from '../../shared/messages';
import { seedCampaigns, upload } from './public-seed';
import { createCampaign } from './support/api';
import {
  hasChromium,
  newContext,
  screenshot,
  trackConsoleErrors,
  type ViewportName,
  whenPartsLive,
} from './support/browser';
import { e2eRun } from './support/run';
import { E2E_ADMIN } from './support/server';

/** Every text, in both languages, from the catalogue files the catalogue check reads. */
const catalogues = await loadCatalogues();
const english: Record<MessageKey, string> = Object.assign({}, ...catalogues.map((file) => file.en));
const ha: Record<MessageKey, string> = Object.assign({}, ...catalogues.map((file) => file.translations.ha));

/**
 * The English catalogue as pieces of text a page could show: each text cut at its placeholders,
 * keeping the pieces of two words or more (a single word may be a name both languages share).
 */
const ENGLISH_PIECES = [
  ...new Set(
    Object.values(english)
      .flatMap((text) => text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/))
      .map((piece) => piece.trim().replace(/^[\s,.:;—–-]+|[\s,.:;—–-]+$/g, ''))
      .filter((piece) => piece.length >= 8 && /\w+\s+\w+/.test(piece)),
  ),
];

/** What the page shows or says to a screen reader, outside texts marked as English. */
async function hausaText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const el of body.querySelectorAll('[lang="en"], script, style, noscript, [hidden]')) el.remove();
    const attributes = [...body.querySelectorAll('[aria-label], [placeholder], [alt], [title]')].flatMap((el) =>
      ['aria-label', 'placeholder', 'alt', 'title'].map((name) => el.getAttribute(name) ?? ''),
    );
    return [body.textContent ?? '', document.title, ...attributes].join('\n');
  });
}

async function expectAllHausa(page: Page, where: string) {
  expect(await page.locator('html').getAttribute('lang'), where).toBe('ha');
  // The foundation's registered name is a name: it reads the same in both languages.
  const text = (await hausaText(page)).replaceAll(FOUNDATION.name, '');
  const left = ENGLISH_PIECES.filter((piece) => text.includes(piece));
  expect(left, `${where}: English left on the page`).toEqual([]);
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe.skipIf(!hasChromium())('the site in Hausa', () => {
  const run = e2eRun();
  let campaignPath = '';
  let translatedPath = '';

  beforeAll(async () => {
    const seeded = await seedCampaigns(run.server.url, run.token);
    campaignPath = `/campaign/${seeded.galleryId}`;
    const translated = await createCampaign(run.server.url, run.token, {
      image: await upload(run.server.url, run.token, '#2f6f4e'),
      title: 'Borehole for Gezawa',
      titleHa: 'Rijiyar burtsatse ta Gezawa',
      shortDescription: 'Clean water for 2,000 people.',
      shortDescriptionHa: 'Ruwa mai tsafta ga mutane 2,000.',
      description: 'A borehole with a solar pump.',
      descriptionHa: 'Rijiyar burtsatse mai famfo mai amfani da hasken rana.',
    });
    translatedPath = `/campaign/${translated._id}`;
  });

  describe.each<ViewportName>(['phone', 'desktop'])('%s', (viewport) => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    /** Opens a page, waits for the app, checks it is all Hausa and accessible, and keeps a screenshot. */
    async function visit(path: string, name: string, status = 200) {
      errors.length = 0;
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBe(status);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await whenPartsLive(page);
      await expect.poll(() => page.locator('h1').count(), { timeout: 10_000 }).toBe(1);
      await checkPage(name);
      const documentMissing = 'Failed to load resource: the server responded with a status of 404 (Not Found)';
      expect(errors).toEqual(status === 404 ? [documentMissing] : []);
    }

    async function checkPage(name: string) {
      await page.waitForLoadState('networkidle');
      await expectAllHausa(page, name);
      await expectNoAxeViolations(page);
      await screenshot(page, `hausa-${name}-${viewport}`);
    }

    /** Sends the page's form empty: the refusal must be in Hausa too. */
    async function sendEmpty(name: string) {
      await page.locator('main form button[type="submit"]').first().click();
      await page.getByText(ha['form.requiredFields'], { exact: false }).first().waitFor();
      await checkPage(`${name}-refused`);
    }

    beforeAll(async () => {
      context = await newContext(run.browser, viewport, run.server.url);
      page = await context.newPage();
      errors = trackConsoleErrors(page);
    });
    afterAll(() => context?.close());

    it('switches to Hausa from the globe menu, and keeps it on reload, in a new tab and in the server HTML', async () => {
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      const globe = page.getByRole('button', { name: english['shell.chooseLanguage'] });
      // The globe names the other language, for a reader who does not know the icon.
      expect(await globe.textContent()).toContain('Hausa');
      await globe.click();
      // Each language is named in its own language.
      await expect.poll(() => page.locator('.language-menu__option').allTextContents()).toEqual(['English', 'Hausa']);
      await Promise.all([page.waitForURL('/'), page.getByRole('button', { name: 'Hausa', exact: true }).click()]);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ha');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: ha['shell.chooseLanguage'] }).textContent()).toContain('English');

      await page.reload({ waitUntil: 'networkidle' });
      expect(await page.locator('html').getAttribute('lang')).toBe('ha');
      const tab = await context.newPage();
      await tab.goto('/campaigns', { waitUntil: 'networkidle' });
      expect(await tab.locator('html').getAttribute('lang')).toBe('ha');
      await tab.close();
      // The server's own HTML, before any script: already Hausa.
      const html = await (await context.request.get('/campaigns', { headers: { accept: 'text/html' } })).text();
      expect(html).toContain('<html lang="ha">');
      expect(html).toContain(ha['nav.campaigns']);
      expect(html).not.toContain(`>${english['nav.campaigns']}<`);
    });

    it('shows every public page in Hausa, and refuses each form sent empty in Hausa', async () => {
      await visit('/', 'home');
      await visit('/campaigns', 'campaigns');
      await visit(campaignPath, 'campaign');
      // A campaign staff wrote in Hausa shows it, without the note.
      await visit(translatedPath, 'campaign-translated');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Rijiyar burtsatse ta Gezawa');
      for (const [path, name] of [
        ['/about', 'about'],
        ['/get-involved', 'get-involved'],
        ['/volunteer', 'volunteer'],
        ['/partner', 'partner'],
        ['/advocate', 'advocate'],
        ['/donate', 'donate'],
        ['/faqs', 'faqs'],
        ['/terms', 'terms'],
        ['/privacy', 'privacy'],
        ['/partner-success', 'partner-success'],
      ]) {
        await visit(path!, name!);
      }
      await visit('/no-such-page', 'not-found', 404);
      for (const [path, name] of [
        ['/volunteer-form', 'volunteer-form'],
        ['/partner-form', 'partner-form'],
        ['/advocate-form', 'advocate-form'],
        ['/contact', 'contact'],
      ]) {
        await visit(path!, name!);
        await sendEmpty(name!);
      }
      // Every public page with axe and two screenshots each: longer than one journey.
    }, 180_000);

    it('gives to a campaign in Hausa: the pledge form refuses empty, then makes a pledge page in Hausa', async () => {
      await visit(campaignPath, 'campaign-give');
      const give = page.locator('#give form');
      await give.locator('button[type="submit"]').click();
      await expect.poll(() => give.locator('[role="alert"], .field__error').count()).toBeGreaterThan(0);
      await expectAllHausa(page, 'give-refused');
      await give.locator('input[name="amount"]').first().check();
      await give.locator('input[name="name"]').fill('Amina Bello');
      await Promise.all([page.waitForURL(/\/pledge\//), give.locator('button[type="submit"]').click()]);
      await page.getByRole('heading', { level: 1, name: ha['pledgePage.metaTitle'] }).waitFor();
      await checkPage('pledge');
    });

    it('signs in and shows every dashboard screen in Hausa', async () => {
      await visit('/login', 'login');
      await page.locator('main form button[type="submit"]').click();
      await expectAllHausa(page, 'login-refused');
      await page.locator('input[type="email"]').fill(E2E_ADMIN.email);
      await page.locator('input[type="password"]').fill(E2E_ADMIN.password);
      await Promise.all([page.waitForURL(/\/admin/), page.locator('main form button[type="submit"]').click()]);
      for (const [path, name] of [
        ['/admin/dashboard', 'admin-dashboard'],
        ['/admin/campaigns', 'admin-campaigns'],
        ['/admin/campaigns/new', 'admin-campaign-new'],
        ['/admin/submissions', 'admin-submissions'],
        ['/admin/donations', 'admin-donations'],
        ['/admin/analytics', 'admin-analytics'],
        ['/admin/users', 'admin-users'],
        ['/admin/activity', 'admin-activity'],
        ['/admin/settings', 'admin-settings'],
        ['/admin/account', 'admin-account'],
      ]) {
        await visit(path!, name!);
      }
      // The editor's empty save is refused in Hausa, with both languages side by side.
      await visit('/admin/campaigns/new', 'admin-campaign-new');
      expect(await page.locator('.admin-bilingual').count()).toBeGreaterThanOrEqual(7);
      await page.locator('main form button[type="submit"]').click();
      await page.getByRole('alert').first().waitFor();
      await checkPage('admin-campaign-refused');
    });
  });
});

/**
 * Campaign texts in Hausa, at phone width: a Hausa visitor's card says which campaign is not yet in
 * Hausa (and its page agrees), and staff see the same in the campaign list and, as they type, in the
 * editor's count of Hausa texts.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../shared/messages';
import '../../shared/messages/all';
import { upload } from './public-seed';
import { createCampaign } from './support/api';
import { hasChromium, newContext, openPage, screenshot, signedIn, trackConsoleErrors } from './support/browser';
import { e2eRun } from './support/run';

const ENGLISH_ONLY = 'Classrooms for Dutse';
const IN_HAUSA = 'Borehole for Gezawa';

/** The card of the campaign with that title. */
const card = (page: Page, title: string) => page.locator('.campaign-card').filter({ hasText: title });

describe.skipIf(!hasChromium())('campaigns in Hausa', () => {
  const run = e2eRun();
  let englishOnlyId = '';

  beforeAll(async () => {
    const [a, b] = await Promise.all(['#1d6b5e', '#8a5a2b'].map((colour) => upload(run.server.url, run.token, colour)));
    englishOnlyId = (await createCampaign(run.server.url, run.token, { title: ENGLISH_ONLY, image: a }))._id;
    await createCampaign(run.server.url, run.token, {
      title: IN_HAUSA,
      titleHa: 'Rijiyar burtsatse ta Gezawa',
      shortDescriptionHa: 'Rijiyoyin burtsatse uku ga mutane 4,500.',
      description: 'Boreholes for three villages.',
      descriptionHa: 'Rijiyoyin burtsatse ga ƙauyuka uku.',
      image: b,
      overview: {
        mainText: 'Families walk for hours to reach water.',
        mainTextHa: 'Iyalai suna tafiyar awowi domin samun ruwa.',
      },
      updates: [{ date: '2026-10-01', content: 'Survey finished.', contentHa: 'An gama bincike.' }],
    });
  });

  it('notes on the card, as on the page, a campaign not yet in Hausa, and keeps the card compact', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    await openPage(page, '/campaigns?lang=ha');
    const note = t('language.notYetInHausa', undefined, 'ha');

    const english = card(page, ENGLISH_ONLY);
    await expect.poll(() => english.locator('.campaign-card__language-note').textContent()).toBe(note);
    expect(await english.locator('h2').getAttribute('lang')).toBe('en');
    const translated = card(page, 'Rijiyar burtsatse ta Gezawa');
    expect(await translated.count()).toBe(1);
    expect(await translated.locator('.campaign-card__language-note').count()).toBe(0);
    // The note stays within the card, in at most a few lines of small text.
    const cardBox = (await english.boundingBox())!;
    const noteBox = (await english.locator('.campaign-card__language-note').boundingBox())!;
    expect(noteBox.x + noteBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    expect(noteBox.height).toBeLessThan(60);
    await screenshot(page, 'campaign-hausa-cards-phone');

    await openPage(page, `/campaign/${englishOnlyId}?lang=ha`);
    expect(await page.locator('.campaign-detail__language-note').textContent()).toBe(note);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('marks in the campaign list the campaign lacking Hausa, and counts Hausa texts in the editor as staff type', async () => {
    const context = await signedIn(run.browser, 'phone', run.server.url, run.token);
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    await page.goto('/admin/campaigns');
    const row = (title: string) => page.getByRole('rowheader').filter({ hasText: title });
    // Title, short description, description, four overview texts and one update: eight, none in Hausa.
    const marker = t('admin.campaigns.hausaProgress', { done: 0, total: 8 }, 'en');
    await expect.poll(() => row(ENGLISH_ONLY).getByTestId('hausa-missing').textContent()).toBe(marker);
    expect(await row(IN_HAUSA).getByTestId('hausa-missing').count()).toBe(0);
    await screenshot(page, 'campaign-hausa-admin-list-phone');

    await page.getByRole('link', { name: t('admin.campaigns.editLabel', { title: ENGLISH_ONLY }, 'en') }).click();
    const status = page.locator('.admin-hausa-progress');
    await expect.poll(() => status.locator('strong').textContent()).toBe(marker);
    const hausaTitle = page.locator('textarea[name="titleHa"], input[name="titleHa"]');
    await hausaTitle.fill('Azuzuwa ga Dutse');
    await expect
      .poll(() => status.locator('strong').textContent())
      .toBe(t('admin.campaigns.hausaProgress', { done: 1, total: 8 }, 'en'));
    await screenshot(page, 'campaign-hausa-editor-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});

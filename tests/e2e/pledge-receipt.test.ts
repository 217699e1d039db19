/**
 * The donor's receipt to keep, in the browser at phone width: once a payment is confirmed, the
 * pledge page's receipt names the donor (with Hausa letters), writes the amount in figures and in
 * words and gives the foundation's CAC RC number; "Download PDF" downloads the same receipt, whose
 * text read back holds the name, the amount and the receipt number, in the page's language. The
 * amount, ₦20,050, is one whose Hausa words once read as ₦25,000 too.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPdf, pdfText } from '../helpers/pdf';
import { api, createCampaign } from './support/api';
import { hasChromium, newContext, openPage, SCREENSHOT_DIR, screenshot, trackConsoleErrors } from './support/browser';
import { e2eRun } from './support/run';

const NAME = 'Ɗanladi Ƙaura';
const CAC = 'RC 1234567';
const AMOUNT = 20_050;
const IN_WORDS = { en: 'Twenty thousand and fifty naira', ha: 'Naira dubu ashirin da naira hamsin' };

/** Clicks "Download PDF" and answers the downloaded file's bytes, kept beside the screenshots. */
async function downloadReceipt(page: Page, label: string, keepAs: string): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: label }).click(),
  ]);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, keepAs);
  await download.saveAs(file);
  expect(download.suggestedFilename()).toMatch(/^receipt-[A-Z0-9]{8}\.pdf$/);
  return fs.readFileSync(file);
}

describe.skipIf(!hasChromium())('the PDF receipt', () => {
  const run = e2eRun();
  let reference: string;
  let receiptNumber: string;

  beforeAll(async () => {
    const { server, token } = run;
    const campaign = await createCampaign(server.url, token, { title: 'Boreholes for Gumel' });
    const settings = await api<Record<string, unknown>>(server.url, 'GET', '/api/settings', token);
    await api(server.url, 'PUT', '/api/settings', token, { ...settings, cacRcNumber: CAC });
    const { data } = await api<{ data: { reference: string } }>(server.url, 'POST', '/api/pledges', undefined, {
      campaignId: campaign._id,
      amount: AMOUNT,
      name: NAME,
    });
    reference = data.reference;
    await api(server.url, 'PUT', `/api/pledges/${reference}`, token, { status: 'confirmed' });
  });

  it('downloads the receipt from the pledge page as a PDF with the name, amount and number', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    await openPage(page, `/pledge/${reference}`);
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await receipt.waitFor();
    receiptNumber = (await receipt.getByRole('cell').first().textContent())!.trim();
    expect(receiptNumber).toMatch(/^R\d{4}-\d{6}$/);
    await expect.poll(() => receipt.textContent()).toContain(NAME);
    const text = (await receipt.textContent())!;
    expect(text).toContain('₦20,050');
    expect(text).toContain(IN_WORDS.en);
    expect(text).toContain(`CAC RC number: ${CAC}`);
    // The receipt fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await receipt.scrollIntoViewIfNeeded();
    await screenshot(page, 'pledge-receipt-phone');
    const { violations } = await new AxeBuilder({ page }).include('.receipt').analyze();
    expect(violations.map((v) => v.id)).toEqual([]);

    const pdf = await downloadReceipt(page, 'Download PDF', 'pledge-receipt.pdf');
    expect(isPdf(pdf)).toBe(true);
    const pdfWords = await pdfText(pdf);
    expect(pdfWords).toContain(NAME);
    expect(pdfWords).toContain('₦20,050');
    expect(pdfWords).toContain(IN_WORDS.en);
    expect(pdfWords).toContain(receiptNumber);
    expect(pdfWords).toContain(`CAC RC number: ${CAC}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('downloads it in Hausa from the Hausa page', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    const page = await context.newPage();
    await openPage(page, `/pledge/${reference}?lang=ha`);
    const receipt = page.getByRole('region', { name: 'Rasiti' });
    await receipt.waitFor();
    const text = (await receipt.textContent())!;
    expect(text).toContain('Adadi da kalmomi');
    expect(text).toContain(IN_WORDS.ha);
    await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header at the top, not over the title
    await screenshot(page, 'pledge-receipt-phone-ha');
    const pdfWords = await pdfText(await downloadReceipt(page, 'Sauke PDF', 'pledge-receipt-ha.pdf'));
    expect(pdfWords).toContain(NAME);
    expect(pdfWords).toContain('ADADI DA KALMOMI'); // the PDF's labels are in capitals
    expect(pdfWords).toContain(IN_WORDS.ha);
    expect(pdfWords).toContain(receiptNumber);
    await context.close();
  });

  it('shows the Hausa receipt at desktop width', async () => {
    const context = await newContext(run.browser, 'desktop', run.server.url);
    const page = await context.newPage();
    await openPage(page, `/pledge/${reference}?lang=ha`);
    const receipt = page.getByRole('region', { name: 'Rasiti' });
    await receipt.waitFor();
    expect(await receipt.textContent()).toContain(IN_WORDS.ha);
    await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header at the top, not over the title
    await screenshot(page, 'pledge-receipt-desktop-ha');
    await context.close();
  });

  it('shows the same receipt at desktop width', async () => {
    const context = await newContext(run.browser, 'desktop', run.server.url);
    const page = await context.newPage();
    await openPage(page, `/pledge/${reference}`);
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await receipt.waitFor();
    expect(await receipt.textContent()).toContain(NAME);
    await screenshot(page, 'pledge-receipt-desktop');
    await context.close();
  });
});

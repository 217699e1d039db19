/**
 * Giving in the browser, end to end: a donor on a phone pledges ₦5,000 and copies the reference;
 * a finance officer on a desktop imports the bank's statement (the reference in lower case with a
 * space inside, plus a debit, a levy and an unrelated credit) and confirms the sure match; the
 * campaign then shows the new total and the supporter, the pledge page the receipt, and importing
 * the same file again adds nothing.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { upload } from './public-seed';
import { api, createCampaign } from './support/api';
import { hasChromium, newContext, openPage, screenshot, signedIn, trackConsoleErrors } from './support/browser';
import { e2eRun } from './support/run';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const lagosToday = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

describe.skipIf(!hasChromium())('giving', () => {
  const run = e2eRun();
  let campaign: { _id: string; title: string };
  let financeToken: string;

  beforeAll(async () => {
    campaign = await createCampaign(run.server.url, run.token, {
      title: 'Solar pumps for Dutse',
      amountRaised: 1_000_000,
      target: 2_000_000,
      location: 'Jigawa',
      // An uploaded picture: the run has no internet to fetch the sample's.
      image: await upload(run.server.url, run.token, '#1d6b5e'),
    });
    // A finance officer, with the one-time password changed as at a first sign-in.
    const { password } = await api<{ password: string }>(run.server.url, 'POST', '/api/users', run.token, {
      email: 'bilkisu@example.org',
      name: 'Bilkisu Lawal',
      role: 'finance',
    });
    const first = await api<{ token: string }>(run.server.url, 'POST', '/api/auth/login', undefined, {
      email: 'bilkisu@example.org',
      password,
    });
    const newPassword = 'bilkisu keeps the books straight';
    await api(run.server.url, 'POST', '/api/auth/password', first.token, { currentPassword: password, newPassword });
    ({ token: financeToken } = await api<{ token: string }>(run.server.url, 'POST', '/api/auth/login', undefined, {
      email: 'bilkisu@example.org',
      password: newPassword,
    }));
  });

  it('a donor pledges, finance imports and confirms, and the site shows the gift', async () => {
    // The donor, on a phone: giving comes right after the picture and the progress.
    const donorContext = await newContext(run.browser, 'phone', run.server.url);
    await donorContext.grantPermissions(['clipboard-read', 'clipboard-write']);
    const donor = await donorContext.newPage();
    const donorErrors = trackConsoleErrors(donor);
    await openPage(donor, `/campaign/${campaign._id}`);
    const give = donor.getByRole('complementary', { name: 'Give to this campaign' });
    await give.waitFor();
    const giveTop = (await give.boundingBox())!.y;
    const overviewTop = (await donor.getByRole('heading', { name: 'Overview' }).boundingBox())!.y;
    expect(giveTop).toBeLessThan(overviewTop);
    // The bank details appear once on the page.
    expect(await donor.getByText('Account number', { exact: true }).count()).toBe(1);
    await screenshot(donor, 'giving-campaign-phone');
    await expectNoAxeViolations(donor);

    // Checked by the shared schema before anything is sent.
    await give.getByRole('button', { name: 'Get my payment reference' }).click();
    await give.getByText('Please enter your name or choose to give anonymously').waitFor();
    expect(await give.getByLabel('Your name').getAttribute('aria-invalid')).toBe('true');
    await give.getByRole('radio', { name: '₦5,000' }).check();
    await give.getByLabel('Your name').fill('Amina Bello');
    await give.getByLabel('Phone (optional)').fill('0803 123 4567');
    await give.getByRole('button', { name: 'Get my payment reference' }).click();
    await donor.waitForURL(/\/pledge\/[A-Z2-9]{8}$/);
    const reference = donor.url().split('/').pop()!;
    await donor.getByRole('heading', { name: /^Your pledge / }).waitFor();
    await donor.getByText('Waiting for your transfer').waitFor();
    await donor.getByRole('button', { name: 'Copy reference' }).click();
    await donor.getByRole('status').filter({ hasText: 'Copied' }).first().waitFor();
    expect(await donor.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    await screenshot(donor, 'giving-pledge-pending-phone');
    await expectNoAxeViolations(donor);

    // Finance, on a desktop, imports the statement.
    const day = ddmmyyyy(lagosToday());
    const sloppy = `${reference.slice(0, 4).toLowerCase()} ${reference.slice(4).toLowerCase()}`;
    const csv = [
      'Trans Date,Value Date,Narration,Debit,Credit,Balance',
      `${day},${day},NIP TRF FROM AMINA BELLO ${sloppy},,"5,000.00","105,000.00"`,
      `${day},${day},POS PURCHASE SHOPRITE KANO,"12,500.00",,"92,500.00"`,
      `${day},${day},STAMP DUTY CHARGE,50.00,,"92,450.00"`,
      `${day},${day},TRANSFER FROM KABIRU MUSA RENT,,"80,000.00","172,450.00"`,
    ].join('\r\n');
    const staffContext = await signedIn(run.browser, 'desktop', run.server.url, financeToken);
    const staff = await staffContext.newPage();
    const staffErrors = trackConsoleErrors(staff);
    await staff.goto('/admin/donations');
    await staff.getByRole('heading', { name: 'Donations', level: 1 }).waitFor();
    const importStatement = async () => {
      await staff
        .getByLabel(/statement file/i)
        .setInputFiles({ name: 'gtbank-november.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    };
    await importStatement();
    await staff.getByText('Sure matches: 1').first().waitFor();
    await screenshot(staff, 'giving-import-desktop');
    await expectNoAxeViolations(staff);
    await staff.getByRole('button', { name: 'Confirm the sure matches (1)' }).click();
    await staff.getByText('Matches confirmed: 1').first().waitFor();

    // Importing the same file again adds nothing.
    await importStatement();
    await staff
      .getByText(/Seen before and not added again: 2/)
      .first()
      .waitFor();
    await screenshot(staff, 'giving-reimport-desktop');

    // The campaign shows the new total and the supporter; the pledge page the receipt.
    await openPage(donor, `/campaign/${campaign._id}`);
    await donor.getByText('₦1,005,000').first().waitFor();
    const wall = donor.getByRole('region', { name: 'Supporters' });
    await wall.getByText('Amina Bello').waitFor();
    await wall.getByText('₦5,000').waitFor();
    await screenshot(donor, 'giving-campaign-after-phone');
    await openPage(donor, `/pledge/${reference}`);
    await donor.getByText(/^Received ₦5,000 on .+, thank you$/).waitFor();
    await donor.getByRole('heading', { name: 'Receipt' }).waitFor();
    await donor.getByRole('cell', { name: /^R\d{4}-\d{6}$/ }).waitFor();
    await screenshot(donor, 'giving-receipt-phone');
    await expectNoAxeViolations(donor);
    await donor.emulateMedia({ media: 'print' });
    expect(await donor.locator('.site-header').isVisible()).toBe(false);
    await donor.getByRole('heading', { name: 'Receipt' }).waitFor();

    const totals = await api<{ amountRaised: number; supporters: number }>(
      run.server.url,
      'GET',
      `/campaigns/${campaign._id}`,
    );
    expect(totals.amountRaised).toBe(1_005_000);
    expect(donorErrors).toEqual([]);
    expect(staffErrors).toEqual([]);
    await donorContext.close();
    await staffContext.close();
  });

  it('the give form works without the script: the HTML post answers with the pledge page', async () => {
    const context = await run.browser.newContext({ baseURL: run.server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/campaign/${campaign._id}`);
    // The field for another amount shows once Other is chosen, without the script too.
    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByLabel('Other amount (₦)').fill('2500');
    await page.getByLabel('Give anonymously').check();
    await page.getByRole('button', { name: 'Get my payment reference' }).click();
    await page.waitForURL(/\/pledge\/[A-Z2-9]{8}$/);
    await page.getByText('₦2,500 for Solar pumps for Dutse').waitFor();
    await context.close();
  });
});

/**
 * Paying online in the browser, end to end, against the Paystack test double (tests/helpers/
 * paystack.ts) at the network boundary. A donor on a phone chooses ₦5,000, "Pay online now",
 * gives an email and covers the fee; Paystack's checkout takes the payment and sends the donor back
 * to the pledge page, which shows it received with the receipt, and the campaign's total moves.
 * Then: a payment Paystack has not confirmed yet (Paystack out of reach) shows as being confirmed
 * and the page updates itself once it is; a payment that could not start offers to try again;
 * and the give panel works without the script, both ways.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaystackDouble, startPaystackDouble } from '../helpers/paystack';
import { upload } from './public-seed';
import { api, createCampaign } from './support/api';
import { hasChromium, newContext, openPage, screenshot, signedIn } from './support/browser';
import { e2eRun } from './support/run';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A test key of the shape the server accepts: sk_test_ and twenty letters and digits. */
const SECRET_KEY = 'sk_test_e2eDoubleKey0123456789';

/**
 * Console errors and warnings of the site's own pages (a hydration mismatch is one), leaving out
 * those of Paystack's checkout page, which is not ours.
 */
function trackSiteErrors(page: Page, siteUrl: string): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if ((msg.type() === 'error' || msg.type() === 'warning') && msg.location().url.startsWith(siteUrl))
      errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

describe.skipIf(!hasChromium())('paying online with Paystack', () => {
  let paystack: PaystackDouble;
  const run = e2eRun(async () => {
    paystack = await startPaystackDouble({ secretKey: SECRET_KEY });
    return (url: string) => ({ PAYSTACK_SECRET_KEY: SECRET_KEY, PAYSTACK_API_URL: paystack.url, PUBLIC_URL: url });
  });
  let campaign: { _id: string; title: string };

  beforeAll(async () => {
    // Paystack tells the site of each payment as well as sending the donor back.
    paystack.setWebhookUrl(`${run.server.url}/api/payments/paystack/webhook`);
    campaign = await createCampaign(run.server.url, run.token, {
      title: 'Solar pumps for Dutse',
      amountRaised: 1_000_000,
      target: 2_000_000,
      location: 'Jigawa',
      // An uploaded picture: the run has no internet to fetch the sample's.
      image: await upload(run.server.url, run.token, '#1d6b5e'),
    });
  });
  afterAll(async () => {
    await paystack?.close();
  });

  /** A pledge made through the API with a payment started for it: its reference and Paystack's. */
  async function startedPayment(email: string) {
    const { data } = await api<{ data: { reference: string } }>(run.server.url, 'POST', '/api/pledges', undefined, {
      campaignId: campaign._id,
      amount: 2_000,
      anonymous: true,
      email,
    });
    await api(run.server.url, 'POST', `/api/pledges/${data.reference}/pay`, undefined, {});
    return { reference: data.reference, paystackReference: `${data.reference}-1` };
  }

  it('a donor on a phone pays ₦5,000 online, covering the fee, and sees it received', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    const donor = await context.newPage();
    const errors = trackSiteErrors(donor, run.server.url);
    await openPage(donor, `/campaign/${campaign._id}`);
    const give = donor.getByRole('complementary', { name: 'Give to this campaign' });
    await give.waitFor();

    // Online is offered first, and chosen; it asks for an email and says why.
    const online = give.getByRole('radio', { name: 'Pay online now' });
    expect(await online.isChecked()).toBe(true);
    expect(await give.getByRole('radio', { name: 'I will transfer from my bank' }).isChecked()).toBe(false);
    await give.getByText('Paystack needs an email and sends its own receipt there.').waitFor();
    await give.getByRole('radio', { name: '₦5,000' }).check();
    // Paystack's fee on ₦5,178 is ₦178 (1.5 % + ₦100, rounded up): the foundation receives ₦5,000.
    const cover = give.getByRole('checkbox', { name: 'Add ₦178 so the foundation receives the full ₦5,000' });
    await cover.waitFor();
    // The sum follows the amount.
    await give.getByRole('radio', { name: '₦10,000' }).check();
    await give.getByRole('checkbox', { name: 'Add ₦254 so the foundation receives the full ₦10,000' }).waitFor();
    await give.getByRole('radio', { name: '₦5,000' }).check();
    // The transfer way is today's reference, the email optional again.
    await give.getByRole('radio', { name: 'I will transfer from my bank' }).check();
    await give.getByRole('button', { name: 'Get my payment reference' }).waitFor();
    await give.getByLabel('Email (optional)').waitFor();
    expect(await cover.count()).toBe(0);
    await online.check();
    await screenshot(donor, 'paystack-give-online-phone');
    await expectNoAxeViolations(donor);

    // The email is required for the online way, checked before anything is sent.
    await give.getByLabel('Your name').fill('Amina Bello');
    await give.getByRole('button', { name: 'Continue to payment' }).click();
    const email = give.getByLabel('Email', { exact: true });
    await donor.getByText('Enter your email address: Paystack requires one and sends your receipt there').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(paystack.requestsTo('/transaction/initialize')).toHaveLength(0);

    await email.fill('amina@example.org');
    await cover.check();
    await give.getByRole('button', { name: 'Continue to payment' }).click();

    // Paystack's checkout, for the pledge with the fee added.
    await donor.waitForURL((url) => url.href.startsWith(`${paystack.url}/checkout/`));
    const [initialize] = paystack.requestsTo('/transaction/initialize');
    const asked = initialize?.body as { amount: string; email: string; reference: string };
    expect(asked).toMatchObject({ amount: '517800', email: 'amina@example.org' });
    const reference = asked.reference.replace(/-\d+$/, '');
    await donor.getByRole('heading', { name: /^Pay / }).waitFor();
    await donor.getByRole('button', { name: 'Pay', exact: true }).click();

    // Back on the pledge page: received, with the receipt, and no transfer to make.
    await donor.waitForURL((url) => url.pathname === `/pledge/${reference}`);
    await donor.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await donor.getByText(/^Received ₦5,000 on .+, thank you$/).waitFor();
    await donor.getByRole('heading', { name: 'Receipt' }).waitFor();
    await donor.getByRole('cell', { name: /^R\d{4}-\d{6}$/ }).waitFor();
    expect(await donor.getByRole('button', { name: 'Copy reference' }).count()).toBe(0);
    expect(paystack.webhooks.map((w) => w.status)).toEqual([200]);
    await screenshot(donor, 'paystack-received-phone');
    await expectNoAxeViolations(donor);

    // The campaign's total moved by the pledge, not by the fee Paystack kept.
    await openPage(donor, `/campaign/${campaign._id}`);
    await donor.getByText('₦1,005,000').first().waitFor();
    const totals = await api<{ amountRaised: number }>(run.server.url, 'GET', `/campaigns/${campaign._id}`);
    expect(totals.amountRaised).toBe(1_005_000);

    // The same pages on a desktop.
    const desktop = await newContext(run.browser, 'desktop', run.server.url);
    const wide = await desktop.newPage();
    await openPage(wide, `/campaign/${campaign._id}`);
    await wide.getByRole('radio', { name: 'Pay online now' }).waitFor();
    await screenshot(wide, 'paystack-give-online-desktop');
    await openPage(wide, `/pledge/${reference}`);
    await wide.getByText(/^Received ₦5,000 on .+, thank you$/).waitFor();
    await screenshot(wide, 'paystack-received-desktop');
    await desktop.close();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a payment Paystack has not confirmed yet shows as being confirmed, and the page updates itself', async () => {
    const { reference, paystackReference } = await startedPayment('musa@example.org');
    // Paystack out of reach: the page cannot confirm the payment yet.
    paystack.setDown(true);
    const context = await newContext(run.browser, 'phone', run.server.url);
    const donor = await context.newPage();
    const errors = trackSiteErrors(donor, run.server.url);
    try {
      await openPage(donor, `/pledge/${reference}`);
      await donor.getByRole('status').filter({ hasText: 'We are confirming your payment' }).waitFor();
      // The transfer is set aside while confirming, not gone.
      await donor.getByText('Pay by bank transfer instead').waitFor();
      expect(await donor.getByRole('button', { name: 'Copy reference' }).isVisible()).toBe(false);
      await screenshot(donor, 'paystack-pending-phone');
      await expectNoAxeViolations(donor);
      const desktop = await newContext(run.browser, 'desktop', run.server.url);
      const wide = await desktop.newPage();
      await openPage(wide, `/pledge/${reference}`);
      await wide.getByText('We are confirming your payment').waitFor();
      await screenshot(wide, 'paystack-pending-desktop');
      await desktop.close();
    } finally {
      paystack.setDown(false);
    }

    // Paid on Paystack's side (no webhook): the page, asking again by itself, finds it.
    paystack.pay(paystackReference, { channel: 'ussd' });
    await donor.getByText(/^Received ₦2,000 on .+, thank you$/).waitFor({ timeout: 20_000 });
    await donor.getByRole('heading', { name: 'Receipt' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a page confirming a payment reloads itself without the script', async () => {
    const { reference, paystackReference } = await startedPayment('hauwa@example.org');
    paystack.setDown(true);
    const context = await run.browser.newContext({ baseURL: run.server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`/pledge/${reference}`);
      await page.getByText('We are confirming your payment').waitFor();
    } finally {
      paystack.setDown(false);
    }
    paystack.pay(paystackReference);
    await page.getByText(/^Received ₦2,000 on .+, thank you$/).waitFor({ timeout: 25_000 });
    await context.close();
  });

  it('a payment that could not start offers to try again, or to transfer instead', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    const donor = await context.newPage();
    const errors = trackSiteErrors(donor, run.server.url);
    await openPage(donor, `/campaign/${campaign._id}`);
    const give = donor.getByRole('complementary', { name: 'Give to this campaign' });
    await give.getByRole('radio', { name: '₦1,000' }).check();
    await give.getByLabel('Give anonymously').check();
    await give.getByLabel('Email', { exact: true }).fill('ibrahim@example.org');
    paystack.setDown(true);
    try {
      await give.getByRole('button', { name: 'Continue to payment' }).click();
      await donor.waitForURL(/\/pledge\/[A-Z2-9]{8}\?pay=failed$/);
      await donor.getByRole('heading', { name: 'Your online payment did not go through' }).waitFor();
    } finally {
      paystack.setDown(false);
    }
    // The transfer stays on offer below, with the reference.
    await donor.getByRole('link', { name: 'Pay by bank transfer instead' }).waitFor();
    await donor.getByRole('button', { name: 'Copy reference' }).waitFor();
    await screenshot(donor, 'paystack-failed-phone');
    await expectNoAxeViolations(donor);

    // The pledge has the email: trying again asks for nothing more.
    expect(await donor.getByLabel('Email', { exact: true }).count()).toBe(0);
    await donor.getByRole('button', { name: 'Try again' }).click();
    await donor.waitForURL((url) => url.href.startsWith(`${paystack.url}/checkout/`));
    await donor.getByRole('button', { name: 'Pay', exact: true }).click();
    await donor.getByText(/^Received ₦1,000 on .+, thank you$/).waitFor();
    // The browser reports the refused start (503) itself; nothing else went wrong.
    expect(errors.filter((e) => !e.includes('status of 503'))).toEqual([]);
    await context.close();
  });

  it('the give panel works without the script: online, to Paystack and back', async () => {
    const context = await run.browser.newContext({ baseURL: run.server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/campaign/${campaign._id}`);
    await page.getByRole('radio', { name: '₦1,000' }).check();
    await page.getByLabel('Give anonymously').check();
    await page.getByLabel('Email', { exact: true }).fill('zainab@example.org');
    // The site's policy must let its own forms go on to Paystack's checkout (CSP form-action).
    const refused: string[] = [];
    page.on('console', (msg) => {
      if (msg.text().includes('Content Security Policy')) refused.push(msg.text());
    });
    const atCheckout = (url: URL) => url.href.startsWith(`${paystack.url}/checkout/`);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await Promise.race([
      page.waitForURL(atCheckout),
      page.waitForEvent('console', (msg) => msg.text().includes('Content Security Policy')),
    ]);
    expect(refused).toEqual([]);
    await page.waitForURL(atCheckout);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText(/^Received ₦1,000 on .+, thank you$/).waitFor();
    await context.close();
  });

  it('the give panel works without the script: a reference for a transfer', async () => {
    const context = await run.browser.newContext({ baseURL: run.server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/campaign/${campaign._id}`);
    await page.getByRole('radio', { name: 'I will transfer from my bank' }).check();
    await page.getByLabel('Give anonymously').check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL(/\/pledge\/[A-Z2-9]{8}$/);
    await page.getByText('Waiting for your transfer').waitFor();
    // Not tried online: a small offer to pay online now sits above the transfer.
    await page.getByRole('heading', { name: 'Pay online now' }).waitFor();
    await context.close();
  });

  it('the donate page says giving online is possible on each campaign’s page', async () => {
    const context = await newContext(run.browser, 'phone', run.server.url);
    const page = await context.newPage();
    await openPage(page, '/donate');
    await page.getByText('You can give online on each campaign’s page: by card, bank transfer or USSD.').waitFor();
    expect(await page.getByText('Online donation is coming soon.').count()).toBe(0);
    await context.close();
  });

  it('Settings show online payment on in test mode, and edit the fee rule with an example', async () => {
    const context = await signedIn(run.browser, 'desktop', run.server.url, run.token);
    const admin = await context.newPage();
    const errors = trackSiteErrors(admin, run.server.url);
    await admin.goto('/admin/settings');
    const fees = admin.getByRole('group', { name: 'Payment fees' });
    await fees.getByText('On (test mode)').waitFor();
    await fees.getByText('On ₦5,000 the fee is ₦175').waitFor();
    // The secret key is never shown.
    expect(await admin.content()).not.toContain(SECRET_KEY);
    await fees.getByLabel('Flat part (₦)').fill('50');
    await fees.getByText('On ₦5,000 the fee is ₦125').waitFor();
    await screenshot(admin, 'paystack-settings-desktop');
    await expectNoAxeViolations(admin);
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await admin.getByText('Settings saved').first().waitFor();
    const saved = await api<{ feeFlat: number }>(run.server.url, 'GET', '/api/settings', run.token);
    expect(saved.feeFlat).toBe(50);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * "Find my pledge" as a donor meets it, in a real browser at phone width against the built server,
 * which sends to a real SMTP server started here: the donor pledged with an email, lost the
 * reference, lands on the pledge page's not-found view, asks for the links, gets the mail, follows
 * its link and sees the pledge with its "After you transfer" box.
 */
import type { ParsedMail } from 'mailparser';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';
import { api, createCampaign } from './support/api';
import { hasChromium, newContext, openPage, screenshot, trackConsoleErrors } from './support/browser';
import { e2eRun } from './support/run';

describe.skipIf(!hasChromium())('find my pledge', () => {
  let smtp: TestSmtp;
  const run = e2eRun(async () => {
    smtp = await startSmtp();
    return (url: string) => ({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Arewa Foundation <no-reply@foundation.example.org>',
      PUBLIC_URL: url,
    });
  });
  let phone: BrowserContext;
  let page: Page;
  let errors: string[];

  const mailTo = (address: string, subject: RegExp): Promise<ParsedMail> =>
    waitFor<ParsedMail | undefined>(
      // Undefined until it comes: waitFor polls on a falsy answer (a throw would end the wait).
      () => smtp.received.find((m) => m.rcptTo.includes(address) && subject.test(m.parsed.subject ?? ''))?.parsed,
      { what: `a mail to ${address} matching ${subject}`, timeoutMs: 20_000 },
    ) as Promise<ParsedMail>;

  beforeAll(async () => {
    phone = await newContext(run.browser, 'phone', run.server.url);
    page = await phone.newPage();
    errors = trackConsoleErrors(page);
  });
  afterAll(async () => {
    await smtp?.stop();
  });

  it('a donor who lost the reference gets the pledge link by mail and finds the pledge', async () => {
    const email = 'lost.reference@example.com';
    const campaign = await createCampaign(run.server.url, run.token, { title: 'Boreholes for Dawakin Kudu' });
    const { data } = await api<{ data: { reference: string } }>(run.server.url, 'POST', '/api/pledges', undefined, {
      campaignId: campaign._id,
      amount: 15_000,
      name: 'Zainab Umar',
      email,
    });

    // A reference typed wrong: the page says so and offers to find the pledge by email.
    await openPage(page, '/pledge/AAAA2222');
    await page.getByRole('heading', { name: 'Pledge not found' }).waitFor();
    // The page is answered 404, which the browser logs: that one is expected.
    expect(errors.splice(0)).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    await page.getByRole('link', { name: 'Find my pledge' }).click();
    await page.getByRole('heading', { name: 'Find my pledge', level: 1 }).waitFor();
    await screenshot(page, 'pledge-lookup-form-phone');
    await page.getByLabel('Your email').fill(email);
    await page.getByRole('button', { name: 'Email me my pledge links' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    // Nothing of the pledge on screen: only the mail has it.
    expect(await page.content()).not.toContain(data.reference);
    await screenshot(page, 'pledge-lookup-sent-phone');

    const mail = await mailTo(email, /links? to your pledge/i);
    // The mail as a phone's mail app shows it.
    const view = await phone.newPage();
    await view.setContent(typeof mail.html === 'string' ? mail.html : '', { waitUntil: 'load' });
    await screenshot(view, 'mail-pledge-lookup-phone');
    await view.close();
    const link = [...String(mail.html).matchAll(/href="([^"]+)"/g)]
      .map((m) => new URL(m[1]!.replace(/&amp;/g, '&')))
      .find((url) => url.pathname.startsWith('/pledge/'));
    expect(link?.href).toBe(`${run.server.url}/pledge/${data.reference}`);

    await openPage(page, link!.pathname);
    await page.getByRole('heading', { name: /Your pledge/ }).waitFor();
    const after = page.getByRole('region', { name: 'After you transfer' });
    await after.waitFor();
    expect(await after.textContent()).toContain('usually within 2 working days');
    await expect.poll(() => after.getByRole('link', { name: 'Contact us' }).count()).toBe(1);
    await page.getByText('Scan with another phone to open this page').waitFor();
    // The campaign to pass on, by its address on the site.
    const share = page.getByRole('region', { name: 'Tell others about this campaign' });
    const whatsApp = await share.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href');
    expect(decodeURIComponent(whatsApp!)).toContain(`${run.server.url}/campaign/${campaign._id}`);
    // The box fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'pledge-lookup-pledge-page-phone');
    expect(errors).toEqual([]);
  });

  it('works without the script: the form posts and the page says to check the mail', async () => {
    const plain = await run.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const view = await plain.newPage();
      await view.goto(`${run.server.url}/pledge-lookup`);
      await view.getByLabel('Your email').fill('no.script@example.com');
      await view.getByRole('button', { name: 'Email me my pledge links' }).click();
      await view.getByRole('heading', { name: 'Check your email' }).waitFor();
      expect(new URL(view.url()).search).toBe('?sent=1');
    } finally {
      await plain.close();
    }
  });
});

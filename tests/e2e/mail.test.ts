/**
 * Mail as a subscriber meets it, in a real browser at phone width against the built server, which
 * sends to a real SMTP server started here: subscribe on the home page, open the link of the mail
 * that arrives, confirm, then leave the list from the mail's own unsubscribe link. The mails' HTML
 * is screenshotted at 390 px as a phone's mail app would show it.
 */
import type { ParsedMail } from 'mailparser';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';
import { api } from './support/api';
import { hasChromium, newContext, openPage, screenshot, trackConsoleErrors } from './support/browser';
import { e2eRun } from './support/run';

interface Subscriber {
  email: string;
  status: string;
  confirmed: boolean;
}

describe.skipIf(!hasChromium())('mail to a subscriber', () => {
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

  const subscriber = async (email: string) =>
    (await api<{ newsletter: Subscriber[] }>(run.server.url, 'GET', '/api/submissions', run.token)).newsletter.find(
      (s) => s.email === email,
    );
  const mailTo = (address: string, subject: RegExp) =>
    waitFor(
      () => {
        const found = smtp.received.find((m) => m.rcptTo.includes(address) && subject.test(m.parsed.subject ?? ''));
        if (!found) throw new Error('not yet');
        return found.parsed;
      },
      { what: `a mail to ${address} matching ${subject}`, timeoutMs: 20_000 },
    );
  /** A mail's HTML as a phone shows it, full length. */
  const screenshotMail = async (mail: ParsedMail, name: string) => {
    const view = await phone.newPage();
    await view.setContent(typeof mail.html === 'string' ? mail.html : '', { waitUntil: 'load' });
    await screenshot(view, name);
    await view.close();
  };

  beforeAll(async () => {
    phone = await newContext(run.browser, 'phone', run.server.url);
    page = await phone.newPage();
    errors = trackConsoleErrors(page);
  });
  afterAll(async () => {
    await smtp?.stop();
  });

  it('subscribe, confirm from the mail, then unsubscribe from the mail in one click', async () => {
    const address = 'reader.phone@example.com';
    await openPage(page, '/');
    const form = page.getByRole('form', { name: 'Stay in touch' });
    await form.getByLabel('Email address').fill(address);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    // The box asks for the confirmation, whether the form's script or the plain HTML post answered.
    await page.getByText('Almost done! Check your inbox and confirm your subscription.').waitFor();
    await screenshot(page, 'newsletter-check-inbox-phone');
    expect((await subscriber(address))?.confirmed).toBe(false);

    const confirmation = await mailTo(address, /confirm/i);
    await screenshotMail(confirmation, 'mail-newsletter-confirm-phone');
    const link = [...String(confirmation.html).matchAll(/href="([^"]+)"/g)]
      .map((m) => new URL(m[1]!.replace(/&amp;/g, '&')))
      .find((url) => url.pathname === '/newsletter/confirm');
    expect(link?.origin).toBe(run.server.url);

    // Opening the link confirms nothing by itself: mail scanners open links too.
    await openPage(page, `${link!.pathname}${link!.search}`);
    expect((await subscriber(address))?.confirmed).toBe(false);
    await screenshot(page, 'newsletter-confirm-page-phone');
    await page.getByRole('button', { name: /confirm/i }).click();
    await expect.poll(async () => (await subscriber(address))?.confirmed, { timeout: 10_000 }).toBe(true);
    await page.getByRole('status').first().waitFor();
    await screenshot(page, 'newsletter-confirmed-phone');

    const header = (name: string) =>
      confirmation.headerLines
        .find((h) => h.key === name)
        ?.line.replace(/^[^:]*:\s*/, '')
        .replace(/\r?\n\s+/g, '');
    const unsubscribe = header('list-unsubscribe')!;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = new URL(/<([^>]+)>/.exec(unsubscribe)![1]!);
    expect(unsubscribeUrl.origin).toBe(run.server.url);
    await openPage(page, `${unsubscribeUrl.pathname}${unsubscribeUrl.search}`);
    expect((await subscriber(address))?.status).toBe('active');
    await screenshot(page, 'newsletter-unsubscribe-page-phone');
    await page.getByRole('button', { name: /unsubscribe/i }).click();
    await expect.poll(async () => (await subscriber(address))?.status, { timeout: 10_000 }).toBe('unsubscribed');
    await page.getByRole('status').first().waitFor();
    await screenshot(page, 'newsletter-unsubscribed-phone');
    expect(errors).toEqual([]);
  });
});

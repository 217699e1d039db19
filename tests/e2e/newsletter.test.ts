/**
 * A newsletter edition from the dashboard to the readers' inboxes, in a real browser against the
 * built server, which mails a real SMTP server started here: confirmed subscribers in English and
 * Hausa; an editor writes an edition in both languages with a picture and a featured campaign,
 * looks at the phone-sized preview, mails a test to herself, sends it and watches it go out; each
 * reader gets one mail in their language; the public archive shows it in both. At desktop and
 * phone widths, with axe on the editor.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { ParsedMail } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';
import { upload } from './public-seed';
import { api, createCampaign } from './support/api';
import { hasChromium, openPage, SCREENSHOT_DIR, screenshot, signedIn, trackConsoleErrors } from './support/browser';
import { e2eRun } from './support/run';
import { E2E_ADMIN } from './support/server';

const READERS = [
  { email: 'amina.reader@example.com', language: 'en' },
  { email: 'bello.reader@example.com', language: 'ha' },
  { email: 'chidi.reader@example.com', language: 'en' },
  { email: 'dije.reader@example.com', language: 'ha' },
] as const;

const SUBJECT = 'Boreholes are flowing in Gezawa';
const SUBJECT_HA = 'Rijiyoyin burtsatse suna ba da ruwa a Gezawa';
const BODY =
  'Dear friends,\n\nThanks to you, **three boreholes** now serve 4,500 people.\n\n- Survey done\n- Drilling done';
const BODY_HA = 'Abokai,\n\nGodiya gare ku, **rijiyoyi uku** yanzu suna hidima ga mutane 4,500.';

/**
 * The signed-in context's start script (support/browser.ts) runs in every frame, the preview's
 * sandboxed one too, where reading sessionStorage is refused: that refusal is the harness's, not the page's.
 */
const pageErrors = (errors: string[]) => errors.filter((e) => !e.includes('The document is sandboxed'));

/**
 * A full-page screenshot paints a frame only once it has been on screen: the preview is scrolled
 * into view first.
 */
async function screenshotWithPreview(page: Parameters<typeof screenshot>[0], name: string) {
  const frame = page.locator('iframe[sandbox]').first();
  await frame.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await screenshot(page, name);
  // The preview alone too, as it shows on screen.
  await page.locator('.edition-preview').screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-preview.png`) });
}

const axeViolations = async (page: Parameters<typeof screenshot>[0]) => {
  // The preview frame is the mail's own HTML, sandboxed without scripts: axe cannot run inside it.
  const { violations } = await new AxeBuilder({ page }).exclude('iframe[sandbox]').analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

describe.skipIf(!hasChromium())('newsletter editions', () => {
  let smtp: TestSmtp;
  const run = e2eRun(async () => {
    smtp = await startSmtp();
    return (url: string) => ({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Arewa Foundation <no-reply@foundation.example.org>',
      PUBLIC_URL: url,
    });
  });
  let dir: string;
  let picture: string;
  let campaignTitle: string;
  let editionId: string;

  const mailsTo = (address: string) => smtp.received.filter((m) => m.rcptTo.includes(address));
  const mailTo = (address: string, subject: RegExp): Promise<ParsedMail> =>
    waitFor<ParsedMail | undefined>(
      () => {
        // An error would end the wait at once: nothing yet is answered as undefined.
        return mailsTo(address).find((m) => subject.test(m.parsed.subject ?? ''))?.parsed;
      },
      { what: `a mail to ${address} matching ${subject}`, timeoutMs: 20_000 },
    ) as Promise<ParsedMail>;

  /** Subscribes as a visitor on a page in that language would, then confirms from the mailed link. */
  async function subscribe(email: string, language: string) {
    const res = await fetch(`${run.server.url}/api/submissions/newsletter/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': language },
      body: JSON.stringify({ email }),
    });
    expect(res.ok, await res.text()).toBe(true);
    const confirmation = await mailTo(email, /./);
    const link = [...String(confirmation.html).matchAll(/href="([^"]+)"/g)]
      .map((m) => new URL(m[1]!.replace(/&amp;/g, '&')))
      .find((url) => url.pathname === '/newsletter/confirm');
    const token = link?.searchParams.get('token');
    expect(token).toBeTruthy();
    await api(run.server.url, 'POST', '/api/newsletter/confirm', undefined, { token });
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsletter-e2e-'));
    picture = path.join(dir, 'new-borehole.jpg');
    await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 29, g: 107, b: 94 } } })
      .jpeg()
      .toFile(picture);
    for (const reader of READERS) await subscribe(reader.email, reader.language);
    const image = await upload(run.server.url, run.token, '#1d6b5e');
    campaignTitle = 'Clean water for Gezawa';
    await createCampaign(run.server.url, run.token, { title: campaignTitle, image });
  });
  afterAll(async () => {
    await smtp?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes, previews, tests and sends an edition in English and Hausa (desktop)', async () => {
    const context = await signedIn(run.browser, 'desktop', run.server.url, run.token);
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);

    await page.goto('/admin/dashboard');
    await page.getByRole('navigation', { name: /./ }).getByRole('link', { name: 'Newsletter' }).click();
    await page.getByRole('heading', { name: 'Newsletter', level: 1 }).waitFor();
    await page.getByText('No editions yet. Write the first one.').waitFor();
    await page.getByRole('link', { name: 'New edition' }).click();
    await page.getByRole('heading', { name: 'New edition', level: 1 }).waitFor();

    // The shared schema checks the form before anything is sent: the English pair is required,
    // and a Hausa subject needs its text.
    await page.getByRole('textbox', { name: 'Subject in Hausa (optional)' }).fill(SUBJECT_HA);
    await page.getByRole('button', { name: 'Save draft' }).click();
    const english = page.getByRole('textbox', { name: 'Subject', exact: true });
    await expect.poll(() => english.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('textbox', { name: 'Text in Hausa (optional)' }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    await english.fill(SUBJECT);
    const body = page.getByRole('textbox', { name: 'Text', exact: true });
    await body.fill(BODY);
    // The picture goes in at the cursor: after the greeting.
    await body.evaluate((el: HTMLTextAreaElement) => {
      el.focus();
      el.setSelectionRange(14, 14);
    });
    await page.getByLabel('Insert an image into: Text', { exact: true }).setInputFiles(picture);
    await expect
      .poll(() => body.inputValue())
      .toMatch(/^Dear friends,\n\n!\[new borehole\]\(\/api\/uploads\/[^)]+\)\n\n/);
    await page.getByRole('textbox', { name: 'Text in Hausa (optional)' }).fill(BODY_HA);
    await page
      .getByRole('group', { name: 'Featured campaign' })
      .getByRole('combobox', { name: 'Campaign (optional)', exact: true })
      .selectOption({ label: campaignTitle });

    // The preview: the mail as an English reader gets it, then a Hausa one, 390 px wide.
    const frame = page.getByTitle('The mail as a reader in English gets it');
    await frame.waitFor();
    expect((await frame.boundingBox())?.width).toBe(390);
    const mail = page.frameLocator('iframe[title="The mail as a reader in English gets it"]');
    await mail.getByText('three boreholes').waitFor();
    await mail.getByText(campaignTitle).first().waitFor();
    await page.getByRole('radio', { name: 'Hausa' }).check();
    await page
      .frameLocator('iframe[title="The mail as a reader in Hausa gets it"]')
      .getByText('rijiyoyi uku')
      .waitFor();
    await page.getByText(`Subject: ${SUBJECT_HA}`).waitFor();
    await page.getByRole('radio', { name: 'English' }).check();
    await mail.getByText('three boreholes').waitFor();

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Edition saved as a draft').waitFor();
    await page.waitForURL(/\/admin\/newsletters\/[0-9a-f-]{36}$/);
    editionId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Edit edition', level: 1 }).waitFor();
    await page.getByText('Will reach 4 subscribers: 2 in English, 2 in Hausa.').waitFor();
    await mail.getByText('three boreholes').waitFor();
    await screenshotWithPreview(page, 'admin-newsletter-editor-desktop');
    expect(await axeViolations(page)).toEqual([]);

    // A test to the staff member herself, in each language written.
    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await page.getByText(`A test was sent to ${E2E_ADMIN.email}`).waitFor();
    const test = await mailTo(E2E_ADMIN.email, /^\[Test\] /);
    expect(test.subject).toBe(`[Test] ${SUBJECT}`);

    // Send now, after a confirmation naming the count.
    await page.getByRole('button', { name: 'Send now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this edition now?' });
    await dialog.getByText(/^It goes to 4 subscribers/).waitFor();
    await dialog.getByRole('button', { name: 'Send to 4 subscribers' }).click();
    await page.getByRole('heading', { name: SUBJECT, level: 1 }).waitFor();
    const bar = page.getByRole('progressbar', { name: 'Messages handled' });
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100');
    // Done: the finishing time shows and there is nothing left to pause.
    await page.getByText(/^Finished \d/).waitFor();
    await page.getByRole('button', { name: 'Pause' }).waitFor({ state: 'detached' });
    expect(await bar.getAttribute('aria-valuetext')).toBe('4 of 4 handled');
    await page.getByRole('link', { name: 'Open the public page' }).waitFor();
    await screenshotWithPreview(page, 'admin-newsletter-progress-desktop');

    // A second send is refused; the page says why.
    const again = await fetch(`${run.server.url}/api/newsletters/${editionId}/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${run.token}` },
      body: '{}',
    });
    expect(again.status).toBe(409);

    // Each reader: exactly one copy, in their language.
    for (const reader of READERS) {
      const subject = reader.language === 'ha' ? SUBJECT_HA : SUBJECT;
      await mailTo(reader.email, new RegExp(`^${subject}$`));
      const editions = mailsTo(reader.email).filter((m) => [SUBJECT, SUBJECT_HA].includes(m.parsed.subject ?? ''));
      expect(editions.map((m) => m.parsed.subject)).toEqual([subject]);
      const text = String(editions[0]!.parsed.html);
      expect(text).toContain(reader.language === 'ha' ? 'rijiyoyi uku' : 'three boreholes');
    }

    await page.goto('/admin/newsletters');
    await page
      .getByRole('row', { name: new RegExp(SUBJECT) })
      .getByText('Sent', { exact: true })
      .waitFor();
    await page.getByText('4 of 4 sent, 0 failed').waitFor();
    await screenshot(page, 'admin-newsletter-list-desktop');

    // The public archive, in English and in Hausa.
    await openPage(page, `/newsletter/${editionId}`);
    await page.getByRole('heading', { name: SUBJECT, level: 1 }).waitFor();
    await page.getByText('three boreholes').first().waitFor();
    await openPage(page, `/newsletter/${editionId}?lang=ha`);
    await page.getByRole('heading', { name: SUBJECT_HA, level: 1 }).waitFor();
    await page.getByText('rijiyoyi uku').first().waitFor();
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('shows the list, the editor with its preview and the progress at phone width', async () => {
    expect(editionId).toBeTruthy();
    const context = await signedIn(run.browser, 'phone', run.server.url, run.token);
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);

    await page.goto('/admin/newsletters');
    await page.getByRole('heading', { name: 'Newsletter', level: 1 }).waitFor();
    await page.getByText('4 of 4 sent, 0 failed').waitFor();
    await screenshot(page, 'admin-newsletter-list-phone');

    await page.getByRole('link', { name: SUBJECT }).click();
    await page.getByRole('heading', { name: SUBJECT, level: 1 }).waitFor();
    await expect
      .poll(() => page.getByRole('progressbar', { name: 'Messages handled' }).getAttribute('aria-valuenow'))
      .toBe('100');
    await page
      .frameLocator('iframe[title="The mail as a reader in English gets it"]')
      .getByText('three boreholes')
      .waitFor();
    await screenshotWithPreview(page, 'admin-newsletter-progress-phone');

    // A second draft, English only: Hausa readers will get the English. Then deleted.
    await page.getByRole('link', { name: 'Back to the editions' }).click();
    await page.getByRole('link', { name: 'New edition' }).click();
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Rainy season update');
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('The pumps held up through the rains.');
    const toggle = page.getByRole('button', { name: 'Show the preview' });
    await toggle.click();
    await page
      .frameLocator('iframe[title="The mail as a reader in English gets it"]')
      .getByText('The pumps held up')
      .waitFor();
    const frame = page.getByTitle('The mail as a reader in English gets it');
    expect((await frame.boundingBox())?.width).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { name: 'Edit edition', level: 1 }).waitFor();
    await page.getByText('There is no Hausa text: the 2 Hausa readers will get the English.').waitFor();
    await page.getByRole('button', { name: 'Show the preview' }).click();
    await page
      .frameLocator('iframe[title="The mail as a reader in English gets it"]')
      .getByText('The pumps held up')
      .waitFor();
    await screenshotWithPreview(page, 'admin-newsletter-editor-phone');
    expect(await axeViolations(page)).toEqual([]);

    // A change not yet saved holds sending back.
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Rainy season update (draft)');
    await page.getByText('Save your changes before you send a test or the edition.').waitFor();
    expect(await page.getByRole('button', { name: 'Send now' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Delete draft' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this draft?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Draft deleted').waitFor();
    await page.getByRole('heading', { name: 'Newsletter', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: /Rainy season/ }).count()).toBe(0);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('schedules a draft for a time on the Lagos clock', async () => {
    const { data } = await api<{ data: { id: string } }>(run.server.url, 'POST', '/api/newsletters', run.token, {
      subject: 'Harvest festival',
      body: 'Join us at the harvest festival.',
    });
    const context = await signedIn(run.browser, 'desktop', run.server.url, run.token);
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    // Tomorrow in Lagos, 09:00 there: 08:00 UTC, West Africa Time having no daylight saving.
    const day = new Date(Date.now() + 25 * 3600_000).toISOString().slice(0, 10);

    await page.goto(`/admin/newsletters/${data.id}`);
    await page.getByRole('heading', { name: 'Edit edition', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Schedule' }).click();
    await page.getByText('Please give a valid date and time').waitFor();
    await page.getByLabel('Or send later, on (Lagos time)').fill(`${day}T09:00`);
    await page.getByRole('button', { name: 'Schedule' }).click();
    await page.getByText(/^Scheduled for .*09:00 \(Lagos time\)/).waitFor();
    await page.getByRole('heading', { name: 'Harvest festival', level: 1 }).waitFor();
    const stored = await api<{ status: string; sendAt: string }>(
      run.server.url,
      'GET',
      `/api/newsletters/${data.id}`,
      run.token,
    );
    expect(stored).toMatchObject({ status: 'scheduled', sendAt: `${day}T08:00:00.000Z` });
    await screenshotWithPreview(page, 'admin-newsletter-scheduled-desktop');

    // Cancelled, it is a draft again: the editor is back.
    await page.getByRole('button', { name: 'Cancel the schedule' }).click();
    await page.getByRole('heading', { name: 'Edit edition', level: 1 }).waitFor();
    const draft = await api<{ status: string; sendAt: string | null }>(
      run.server.url,
      'GET',
      `/api/newsletters/${data.id}`,
      run.token,
    );
    expect(draft).toMatchObject({ status: 'draft', sendAt: null });
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });
});

/**
 * The Texts screen at phone width: a translator finds a message by searching, corrects its Hausa
 * and the Hausa home page shows the correction at once (its server HTML too); a text that drops
 * its placeholder is refused, at the field and by the server; "Mark reviewed" shows their name;
 * the REST contract's messages are locked in both languages; a staff page's text corrected reaches
 * a visitor who goes to sign-in from a public page.
 * The screen passes axe at phone and desktop widths, the editor open and closed.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from './support/api';
import {
  hasChromium,
  newContext,
  openPage,
  SCREENSHOT_DIR,
  screenshot,
  signedIn,
  trackConsoleErrors,
} from './support/browser';
import { e2eRun } from './support/run';

const TRANSLATOR = { name: 'Zainab Musa', email: 'zainab@example.org', password: 'translators weigh every word' };
const FOCUS_TITLE_HA = 'Abubuwan da muka mai da hankali a kai';
const CORRECTED = 'Ayyukan da muka fi ba muhimmanci';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A translator's account, its one-time password already replaced, and a token signed in with it. */
async function translatorToken(url: string, adminToken: string): Promise<string> {
  const { password } = await api<{ password: string }>(url, 'POST', '/api/users', adminToken, {
    name: TRANSLATOR.name,
    email: TRANSLATOR.email,
    role: 'translator',
  });
  const token = await apiLogin(url, { email: TRANSLATOR.email, password });
  await api(url, 'POST', '/api/auth/password', token, {
    currentPassword: password,
    newPassword: TRANSLATOR.password,
  });
  return token;
}

/** What the screen shows with the editor open over it: the viewport, as the translator sees it. */
async function dialogShot(page: Page, name: string) {
  await screenshot(page, name);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-viewport.png`) });
}

/** The card of one text in the list, found by its key. */
const card = (page: Page, key: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: key, exact: true, level: 3 }) });

async function search(page: Page, words: string, key = words) {
  await page.getByRole('searchbox', { name: 'Search by key or words' }).fill(words);
  await card(page, key).waitFor();
}

describe.skipIf(!hasChromium())('the Texts screen', () => {
  const run = e2eRun();

  it('a translator corrects a Hausa text, the home page shows it, a lost placeholder is refused, and the review names them', async () => {
    const { url } = run.server;
    const token = await translatorToken(url, run.token);
    const context = await signedIn(run.browser, 'phone', url, token);
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);

    // The translator's navigation has Texts.
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Texts' }).click();
    await page.getByRole('heading', { name: 'Texts', level: 1 }).waitFor();
    await page.getByText(/^Hausa: 0 of \d+ reviewed, 0 changed here$/).waitFor();
    await page.getByRole('heading', { level: 3 }).first().waitFor();

    // 1. The text, found by its key: where it shows, and both languages.
    await search(page, 'home.focusTitle');
    const focus = card(page, 'home.focusTitle');
    await focus.getByText('Where: /', { exact: true }).waitFor();
    await focus.getByText('What we focus on', { exact: true }).waitFor();
    await focus.getByText(FOCUS_TITLE_HA, { exact: true }).waitFor();
    await focus.getByText('Not reviewed').waitFor();
    await screenshot(page, 'texts-phone');
    await expectNoAxeViolations(page);

    // 2. Its Hausa corrected in the editor, with the preview following the typing.
    await focus.getByRole('button', { name: 'Edit the Hausa of home.focusTitle' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit the Hausa text' });
    const field = editor.getByRole('textbox', { name: 'Hausa text' });
    expect(await field.inputValue()).toBe(FOCUS_TITLE_HA);
    await editor.getByText('This text has no placeholders.').waitFor();
    await field.fill(CORRECTED);
    await editor.locator('.texts-editor__box').getByText(CORRECTED, { exact: true }).waitFor();
    // The mark is for the saved words: not while the draft differs.
    expect(await editor.getByRole('button', { name: 'Mark reviewed' }).isDisabled()).toBe(true);
    await editor.getByRole('button', { name: 'Save text' }).click();
    await editor.getByRole('status').getByText('Text saved.').waitFor();
    await editor.getByRole('button', { name: 'Use the catalogue’s text' }).waitFor();

    // 5. Marked reviewed, with the translator's name.
    await editor.getByRole('button', { name: 'Mark reviewed' }).click();
    await editor.getByText(`Reviewed by ${TRANSLATOR.name},`).waitFor();
    await dialogShot(page, 'texts-editor-phone');
    await expectNoAxeViolations(page);
    await editor.getByRole('button', { name: 'Close' }).click();
    await focus.getByText(CORRECTED, { exact: true }).waitFor();
    await focus.getByText('Changed here').waitFor();
    await focus.getByText(`Reviewed by ${TRANSLATOR.name},`).waitFor();
    await page.getByText(/^Hausa: 1 of \d+ reviewed, 1 changed here$/).waitFor();

    // 3. The Hausa home page shows the correction, on reload and in the server's own HTML.
    const visitor = await newContext(run.browser, 'phone', url);
    const home = await visitor.newPage();
    const visitorErrors = trackConsoleErrors(home);
    await openPage(home, '/?lang=ha');
    await home.getByRole('heading', { name: CORRECTED, level: 2 }).waitFor();
    await home.reload();
    await home.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await home.getByRole('heading', { name: CORRECTED, level: 2 }).waitFor();
    expect(await home.getByText(FOCUS_TITLE_HA).count()).toBe(0);
    // A page is what a browser asks for as HTML.
    const served = await home.request.get('/?lang=ha', { headers: { accept: 'text/html' } });
    const html = await served.text();
    expect(html).toContain(CORRECTED);
    expect(html).not.toContain(FOCUS_TITLE_HA);
    const fetched = await fetch(`${url}/?lang=ha`, { headers: { accept: 'text/html' } });
    expect(await fetched.text()).toContain(CORRECTED);
    expect(visitorErrors).toEqual([]);
    await visitor.close();

    // 4. A text without its placeholder: refused at the field, naming it, before it is sent.
    await search(page, 'home.trust3');
    const trust = card(page, 'home.trust3');
    await trust.getByRole('button', { name: 'Edit the Hausa of home.trust3' }).click();
    const trustEditor = page.getByRole('dialog', { name: 'Edit the Hausa text' });
    const trustField = trustEditor.getByRole('textbox', { name: 'Hausa text' });
    await trustEditor.getByText('{count}', { exact: true }).waitFor();
    await trustField.fill('Jihohin arewa');
    await trustEditor.getByRole('button', { name: 'Save text' }).click();
    const refusal = 'The text must keep {count}, as the English has';
    await trustEditor.getByText(refusal).waitFor();
    expect(await trustField.getAttribute('aria-invalid')).toBe('true');
    expect(await trustField.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialogShot(page, 'texts-refused-phone');
    await expectNoAxeViolations(page);
    await trustEditor.getByRole('button', { name: 'Close' }).click();
    // The server refuses it the same way (its answer is in the staff's language: English here).
    const refused = await fetch(`${url}/api/texts/home.trust3`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ locale: 'ha', text: 'Jihohin arewa' }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(refusal);

    // A message the spec's REST paths answer with is the API's in both languages; the spec's other
    // texts keep their English only.
    await search(page, 'form.requiredFields');
    const contract = card(page, 'form.requiredFields');
    for (const language of ['English', 'Hausa'])
      expect(
        await contract.getByRole('button', { name: `Edit the ${language} of form.requiredFields` }).isDisabled(),
      ).toBe(true);
    await contract
      .getByText(/it cannot change here, in English or in Hausa/)
      .first()
      .waitFor();
    await search(page, 'form.registrationFailed');
    const spec = card(page, 'form.registrationFailed');
    const specEdit = (language: string) =>
      spec.getByRole('button', { name: `Edit the ${language} of form.registrationFailed` }).isDisabled();
    expect([await specEdit('English'), await specEdit('Hausa')]).toEqual([true, false]);
    await spec.getByText(/only its Hausa may change here/).waitFor();

    // A staff page's text corrected: a visitor going from a public page to sign-in reads it, though
    // the public page carried no staff text's correction (they come with the staff area's code).
    const staffTitle = 'Sign in, staff of the foundation';
    await api(url, 'PUT', '/api/texts/admin.login.title', token, { locale: 'en', text: staffTitle });
    const guest = await newContext(run.browser, 'desktop', url);
    const start = await guest.newPage();
    const guestErrors = trackConsoleErrors(start);
    await openPage(start, '/about');
    expect(await start.locator('#text-overrides').count()).toBe(0);
    const correctionsAsked = start.waitForRequest(/\/trpc\/texts\.corrections/);
    await start.getByRole('link', { name: 'SIGN IN' }).first().click();
    await correctionsAsked;
    await start.getByRole('heading', { name: staffTitle, level: 1 }).waitFor();
    await start.reload();
    await start.getByRole('heading', { name: staffTitle, level: 1 }).waitFor();
    expect(guestErrors).toEqual([]);
    await guest.close();

    // The filter: what was changed here.
    await page.getByRole('searchbox', { name: 'Search by key or words' }).fill('');
    await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Changed here' });
    await card(page, 'home.focusTitle').waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 3 }).count()).toBe(1);

    // At desktop width too.
    const wide = await signedIn(run.browser, 'desktop', url, token);
    const desktop = await wide.newPage();
    const desktopErrors = trackConsoleErrors(desktop);
    await desktop.goto('/admin/texts');
    await desktop.getByRole('heading', { level: 3 }).first().waitFor();
    await screenshot(desktop, 'texts-all-desktop');
    await search(desktop, 'home.focus', 'home.focusTitle');
    await screenshot(desktop, 'texts-desktop');
    await expectNoAxeViolations(desktop);
    await card(desktop, 'home.focusTitle').getByRole('button', { name: 'Edit the English of home.focusTitle' }).click();
    await desktop.getByRole('dialog', { name: 'Edit the English text' }).waitFor();
    await dialogShot(desktop, 'texts-editor-desktop');
    await expectNoAxeViolations(desktop);

    expect(errors).toEqual([]);
    expect(desktopErrors).toEqual([]);
    await wide.close();
    await context.close();
  });
});

/** Debian's Chromium driven by playwright-core; never a downloaded browser. */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = () => fs.existsSync(CHROMIUM);

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * A fresh context (own localStorage) at a viewport; `isMobile` for the phone. The service worker
 * is blocked unless asked for: a test that routes requests (`page.route`) must see every request,
 * and a worker answering them would hide them; the offline tests allow it.
 */
export function newContext(
  browser: Browser,
  viewport: ViewportName,
  baseURL: string,
  {
    serviceWorkers = 'block',
    extraHTTPHeaders,
  }: { serviceWorkers?: 'allow' | 'block'; extraHTTPHeaders?: Record<string, string> } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    serviceWorkers,
    extraHTTPHeaders,
  });
}

/**
 * Collects console errors and warnings (a hydration mismatch is one) and uncaught errors, so a
 * test can assert there were none.
 */
export function trackConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    // The test browser's own note where a context blocks the service worker (newContext).
    if (msg.text() === 'Service Worker registration blocked by Playwright') return;
    if (msg.type() === 'error' || msg.type() === 'warning') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * Opens a public page and waits until the app runs in it (html[data-hydrated]): the server's page
 * shows at once, but what only the app does (menus, form checks) comes after; parts whose code
 * loads once used are waited for too (whenPartsLive).
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  // With data saver on, the app starts when the visitor first touches the page (client/boot.ts).
  await page.evaluate(() => {
    if (document.documentElement.dataset.saver === 'on') dispatchEvent(new Event('pointerdown'));
  });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await whenPartsLive(page);
  return response;
}

/**
 * Parts on or near the screen whose code loads once used (`data-deferred`, the give form) are
 * pointed at, as a visitor's finger would, until they run: their page may still be hydrating,
 * with nothing yet listening.
 */
export async function whenPartsLive(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-deferred]:not([data-live])')].every((part) => {
      if (part.getBoundingClientRect().top > window.innerHeight + 300) return true;
      part.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      return false;
    }),
  );
}

/**
 * Brings a part of the page into view and waits until the app runs in it. Parts below the first
 * screen load their code as they near it (client/lib/near-screen.tsx) and are plain HTML until
 * then, so a click at once would do nothing. React attaches an element's props to its DOM node
 * when it hydrates it: that is what is waited for.
 */
export async function whenLive(locator: Locator): Promise<Locator> {
  await locator.scrollIntoViewIfNeeded();
  await locator.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const check = () =>
          Object.keys(element).some((key) => key.startsWith('__reactProps$')) ? resolve() : setTimeout(check, 20);
        check();
      }),
  );
  return locator;
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * A context whose first page load finds the admin's token, as after a sign-in. Only the first:
 * a test that signs out must stay signed out on the next navigation.
 */
export async function signedIn(
  browser: Browser,
  viewport: ViewportName,
  baseURL: string,
  token: string,
): Promise<BrowserContext> {
  const context = await newContext(browser, viewport, baseURL);
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', value);
    }
  }, token);
  return context;
}

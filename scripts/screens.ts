/**
 * Full-page screenshots of every public page and dashboard screen, at phone (390x844) and desktop
 * (1440x900) width, taken from the built server of a checkout with the same fixed data each run:
 * two checkouts' screenshots are then compared pixel by pixel with scripts/pixel-diff.ts, to show
 * that a change meant to look the same does.
 *
 *   npx tsx scripts/screens.ts <outDir> [--root <checkout>] [--build] [--only <regexp>]
 *
 * --root: the checkout whose dist/ is served (this one unless told); it is built first when its
 * dist/server/main.js is missing or --build is given. --only: capture the pages whose name matches.
 * Files are named <page>-<width>.png. Texts that change from run to run (times, payment references)
 * are replaced or hidden, so two runs of the same checkout give the same pixels.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seedCampaigns, upload } from '../tests/e2e/public-seed';
import { api, apiLogin, createCampaign } from '../tests/e2e/support/api';
import { launchBrowser, newContext, signedIn, VIEWPORTS, type ViewportName } from '../tests/e2e/support/browser';
import { type RunningServer, startServer } from '../tests/e2e/support/server';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    root: { type: 'string' },
    build: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const outDir = positionals[0];
if (!outDir) {
  console.error('usage: tsx scripts/screens.ts <outDir> [--root <checkout>] [--build] [--only <regexp>]');
  process.exit(2);
}
const root = path.resolve(values.root ?? path.join(import.meta.dirname, '..'));
const only = values.only ? new RegExp(values.only) : undefined;

/** Hidden while the screenshot is taken: what shows the time of the run, and toasts that come and go. */
const VOLATILE_CSS = `
  time, .toasts, .pledge-page__qr, .pledge-page__transfer > p.muted.small,
  .admin-submission__date, .admin-events__item > span:nth-child(2) { visibility: hidden !important; }
  *, *::before, *::after { caret-color: transparent !important; }
`;

/** The fixed payment references shown in place of the random ones, in the order pledged. */
const FIXED_REFERENCES = ['K7Q2M9XD', 'H4RT8WNB', 'C3VP6ZJE'];

interface Data {
  galleryPath: string;
  overfundedPath: string;
  galleryId: string;
  /** The references the server drew, in the order of FIXED_REFERENCES. */
  references: string[];
  pendingReference: string;
  receiptReference: string;
}

interface Shot {
  name: string;
  /** The address to open, from the seeded data. */
  path: (data: Data) => string;
  /** public: a visitor; ha: a visitor who chose Hausa; admin: signed in; guest: the sign-in page. */
  as?: 'public' | 'ha' | 'admin' | 'guest';
  /** Only at this width. */
  only?: ViewportName;
  /** What the page must show before it is captured, after it loaded. */
  ready?: (page: Page, data: Data) => Promise<unknown>;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 }).waitFor();

const SHOTS: Shot[] = [
  { name: 'home', path: () => '/', ready: (page) => page.locator('.map__chips').waitFor() },
  { name: 'campaigns', path: () => '/campaigns', ready: (page) => page.locator('.campaign-card').first().waitFor() },
  {
    name: 'campaign-gallery',
    path: (d) => d.galleryPath,
    ready: (page) => page.getByTestId('gallery-main').waitFor(),
  },
  { name: 'campaign-overfunded', path: (d) => d.overfundedPath },
  {
    name: 'campaign-give-errors',
    path: (d) => d.galleryPath,
    ready: async (page) => {
      const give = page.locator('#give form');
      await give.locator('button[type="submit"]').click();
      await give.locator('.field__error').first().waitFor();
    },
  },
  { name: 'campaign-not-found', path: () => '/campaign/no-such-campaign' },
  { name: 'donate', path: () => '/donate' },
  {
    name: 'pledge-pending',
    path: (d) => `/pledge/${d.pendingReference}`,
    ready: (page) => page.locator('.pledge-page__reference').waitFor(),
  },
  {
    name: 'pledge-receipt',
    path: (d) => `/pledge/${d.receiptReference}`,
    ready: (page) => page.locator('.pledge-page__received').waitFor(),
  },
  { name: 'get-involved', path: () => '/get-involved' },
  { name: 'volunteer', path: () => '/volunteer' },
  { name: 'partner', path: () => '/partner' },
  { name: 'advocate', path: () => '/advocate' },
  { name: 'partner-success', path: () => '/partner-success' },
  { name: 'volunteer-form', path: () => '/volunteer-form' },
  {
    name: 'volunteer-form-errors',
    path: () => '/volunteer-form',
    ready: async (page) => {
      await page.locator('main form button[type="submit"]').first().click();
      await page.locator('main form [aria-invalid="true"]').first().waitFor();
    },
  },
  { name: 'partner-form', path: () => '/partner-form' },
  { name: 'advocate-form', path: () => '/advocate-form' },
  { name: 'contact', path: () => '/contact' },
  {
    name: 'contact-errors',
    path: () => '/contact',
    ready: async (page) => {
      await page.locator('main form button[type="submit"]').first().click();
      await page.locator('main form [aria-invalid="true"]').first().waitFor();
    },
  },
  { name: 'about', path: () => '/about' },
  { name: 'faqs', path: () => '/faqs' },
  { name: 'privacy', path: () => '/privacy' },
  { name: 'terms', path: () => '/terms' },
  { name: 'not-found', path: () => '/no-such-page' },
  {
    name: 'menu-open',
    path: () => '/',
    only: 'phone',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    },
  },
  { name: 'ha-home', as: 'ha', path: () => '/', ready: (page) => page.locator('.map__chips').waitFor() },
  {
    name: 'ha-campaign-gallery',
    as: 'ha',
    path: (d) => d.galleryPath,
    ready: (page) => page.getByTestId('gallery-main').waitFor(),
  },
  { name: 'admin-login', as: 'guest', path: () => '/login', ready: heading('Staff sign-in') },
  {
    name: 'admin-dashboard',
    as: 'admin',
    path: () => '/admin/dashboard',
    ready: (page) => page.locator('.admin-events__item').first().waitFor(),
  },
  {
    name: 'admin-menu-open',
    as: 'admin',
    only: 'phone',
    path: () => '/admin/dashboard',
    ready: async (page) => {
      await page.locator('.admin-events__item').first().waitFor();
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Back to Site' }).waitFor();
    },
  },
  {
    name: 'admin-campaigns',
    as: 'admin',
    path: () => '/admin/campaigns',
    ready: (page) => page.getByText('Classrooms for Bama').first().waitFor(),
  },
  {
    name: 'admin-campaign-new',
    as: 'admin',
    path: () => '/admin/campaigns/new',
    ready: (page) => page.locator('main form').waitFor(),
  },
  {
    name: 'admin-campaign-new-errors',
    as: 'admin',
    path: () => '/admin/campaigns/new',
    ready: async (page) => {
      await page.locator('main form button[type="submit"]').click();
      await page.getByRole('alert').first().waitFor();
    },
  },
  {
    name: 'admin-campaign-edit',
    as: 'admin',
    path: (d) => `/admin/campaigns/${d.galleryId}/edit`,
    ready: (page) => page.locator('.admin-gallery img').first().waitFor(),
  },
  ...(['Volunteers', 'Partners', 'Advocates', 'Newsletter', 'Contact'] as const).map(
    (tab): Shot => ({
      name: `admin-submissions-${tab.toLowerCase()}`,
      as: 'admin',
      path: () => '/admin/submissions',
      ready: async (page) => {
        await page.getByRole('tab', { name: new RegExp(tab) }).click();
        await page.getByRole('tabpanel').locator('li, p').first().waitFor();
      },
    }),
  ),
  {
    name: 'admin-confirm-dialog',
    as: 'admin',
    path: () => '/admin/submissions',
    ready: async (page) => {
      await page.getByRole('tab', { name: /Contact/ }).click();
      await page.getByRole('button', { name: 'Delete the entry of Musa Ibrahim' }).click();
      await page.getByRole('dialog', { name: 'Delete this entry for good?' }).waitFor();
    },
  },
  {
    name: 'admin-donations-reconcile',
    as: 'admin',
    path: () => '/admin/donations',
    ready: heading('Donations'),
  },
  {
    name: 'admin-donations-import',
    as: 'admin',
    path: () => '/admin/donations',
    ready: async (page, data) => {
      await page.getByLabel('Choose a statement file').setInputFiles({
        name: 'statement.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(statementCsv(data)),
      });
      await page.locator('.giving-summary').first().waitFor();
      await page.locator('.giving-line__facts').first().waitFor();
    },
  },
  {
    name: 'admin-donations-pledges',
    as: 'admin',
    path: () => '/admin/donations',
    ready: async (page) => {
      await page.getByRole('tab', { name: 'Pledges' }).click();
      await page.locator('.table--people tbody tr').first().waitFor();
    },
  },
  {
    name: 'admin-users',
    as: 'admin',
    path: () => '/admin/users',
    ready: (page) => page.getByRole('row', { name: /Bilkisu Lawal/ }).waitFor(),
  },
  { name: 'admin-settings', as: 'admin', path: () => '/admin/settings', ready: heading('Settings') },
  {
    name: 'admin-activity',
    as: 'admin',
    path: () => '/admin/activity',
    ready: (page) => page.locator('main li time').first().waitFor(),
  },
  {
    name: 'admin-analytics',
    as: 'admin',
    path: () => '/admin/analytics',
    ready: (page) => page.getByRole('heading', { name: 'Submissions per week' }).waitFor(),
  },
  {
    name: 'admin-account',
    as: 'admin',
    path: () => '/admin/account',
    ready: (page) => page.locator('.admin-events__item').first().waitFor(),
  },
];

/** A bank statement: the pending pledge paid with its reference in the narration, a debit and an unrelated credit. */
function statementCsv(data: Data): string {
  const day = '20/11/2026';
  return [
    'Trans Date,Value Date,Narration,Debit,Credit,Balance',
    `${day},${day},NIP TRF FROM AMINA BELLO ${data.pendingReference},,"5,000.00","105,000.00"`,
    `${day},${day},POS PURCHASE SHOPRITE KANO,"12,500.00",,"92,500.00"`,
    `${day},${day},TRANSFER FROM KABIRU MUSA RENT,,"80,000.00","172,450.00"`,
  ].join('\r\n');
}

/** The same people, campaigns, pledges and staff every run, made through the API in a fixed order. */
async function seed(url: string, token: string): Promise<Data> {
  const seeded = await seedCampaigns(url, token);
  await createCampaign(url, token, {
    image: await upload(url, token, '#2f6f4e'),
    title: 'Borehole for Gezawa',
    titleHa: 'Rijiyar burtsatse ta Gezawa',
    shortDescription: 'Clean water for 2,000 people.',
    shortDescriptionHa: 'Ruwa mai tsafta ga mutane 2,000.',
    description: 'A borehole with a solar pump.',
    descriptionHa: 'Rijiyar burtsatse mai famfo mai amfani da hasken rana.',
  });

  const pledge = async (body: Record<string, unknown>) =>
    (await api<{ data: { reference: string } }>(url, 'POST', '/api/pledges', undefined, body)).data.reference;
  const pending = await pledge({
    campaignId: seeded.galleryId,
    amount: 5000,
    name: 'Amina Bello',
    anonymous: false,
    hideAmount: false,
    phone: '0803 123 4567',
    email: '',
  });
  const paid = await pledge({
    campaignId: seeded.overfundedId,
    amount: 20000,
    name: 'Musa Ibrahim',
    anonymous: false,
    hideAmount: false,
    phone: '',
    email: 'musa@example.org',
  });
  await api(url, 'PUT', `/api/pledges/${paid}`, token, {
    status: 'confirmed',
    amountReceived: 20000,
    receivedOn: '2026-11-02',
  });
  const anonymous = await pledge({
    campaignId: seeded.galleryId,
    amount: 2500,
    name: '',
    anonymous: true,
    hideAmount: false,
    phone: '',
    email: '',
  });

  const submit = (kind: string, body: Record<string, unknown>) =>
    api(url, 'POST', `/api/submissions/${kind}/register`, undefined, body);
  await submit('newsletter', { email: 'reader@example.org' });
  await submit('volunteer', {
    firstName: 'Hauwa',
    lastName: 'Usman',
    email: 'hauwa@example.org',
    phone: '+234 803 123 4567',
    interests: ['Health Outreach'],
    availability: 'Weekends',
    motivation: 'I am a nurse and want to help at outreach days.',
  });
  await submit('partner', {
    organizationName: 'Sahel Water Ltd',
    organizationType: 'Business',
    contactFirstName: 'Musa',
    contactLastName: 'Ibrahim',
    email: 'musa@sahelwater.example.com',
    phone: '08035550102',
    partnershipType: ['Technical Expertise'],
    projectInterests: ['Water & Sanitation'],
    resourceContribution: 'Two drilling engineers for a month.',
  });
  await submit('advocate', {
    firstName: 'Zainab',
    lastName: 'Yusuf',
    email: 'zainab@example.org',
    advocacyInterests: ['Social Media Advocacy'],
    message: 'I will share the campaigns with my followers.',
  });
  await submit('contact', {
    name: 'Musa Ibrahim',
    email: 'musa@example.org',
    phone: '08030000000',
    subject: 'Project visit',
    message: 'Can our school visit the borehole project in Gezawa?',
  });

  await api(url, 'POST', '/api/users', token, { email: 'bilkisu@example.org', name: 'Bilkisu Lawal', role: 'finance' });

  return {
    galleryPath: `/campaign/${seeded.galleryId}`,
    overfundedPath: `/campaign/${seeded.overfundedId}`,
    galleryId: seeded.galleryId,
    references: [pending, paid, anonymous],
    pendingReference: pending,
    receiptReference: paid,
  };
}

/**
 * Replaces, in the page's text, what differs from run to run with fixed text of its kind: the
 * payment references (also grouped in fours), "5 min. ago" and staff screens' dates with times.
 */
async function fixVolatileText(page: Page, data: Data) {
  const pairs = data.references.flatMap((reference, i): [string, string][] => {
    const fixed = FIXED_REFERENCES[i] ?? reference;
    return [
      [reference, fixed],
      [`${reference.slice(0, 4)} ${reference.slice(4)}`, `${fixed.slice(0, 4)} ${fixed.slice(4)}`],
    ];
  });
  await page.evaluate((replacements) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const rules: [RegExp, string][] = [
      [/\b\d{1,2} \p{L}+,? \d{4}, \d{2}:\d{2}\b/gu, '1 Jan 2026, 09:00'],
      [/^\s*(\d+ \S+ ago|now|in \d+ \S+)\s*$/u, '5 min. ago'],
    ];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let text = node.nodeValue ?? '';
      for (const [from, to] of replacements) text = text.split(from).join(to);
      for (const [pattern, to] of rules) text = text.replace(pattern, to);
      if (text !== node.nodeValue) node.nodeValue = text;
    }
  }, pairs);
}

/**
 * Paints the whole page afresh: a part repainted alone (a field turned invalid) can come out with
 * its edges smoothed a shade differently from one run to the next.
 */
async function repaintAll(page: Page) {
  await page.evaluate(async () => {
    document.documentElement.style.visibility = 'hidden';
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    document.documentElement.style.visibility = '';
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Waits until the layout holds still: every element's box the same over five frames in a row (a
 * transition settling, an error summary growing in).
 */
async function layoutStill(page: Page) {
  await page.evaluate(async () => {
    let last = '';
    let still = 0;
    while (still < 5) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      let sum = 0;
      for (const el of document.body.querySelectorAll('*')) {
        const box = el.getBoundingClientRect();
        sum += box.x * 3 + box.y * 7 + box.width * 11 + box.height * 13;
      }
      const now = `${sum}:${document.documentElement.scrollHeight}`;
      still = now === last ? still + 1 : 0;
      last = now;
    }
  });
}

/**
 * Scrolls to the bottom a half screen at a time, waiting for a paint at each step, so what loads
 * near the screen (the home page's map, lazy images) loads; then loads every image at once and back
 * to the top.
 */
async function loadEverything(page: Page) {
  // No named functions inside: the page does not have the helper tsx wraps them in.
  await page.evaluate(async () => {
    for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
  });
  await page.waitForLoadState('networkidle');
  await page.locator('img').evaluateAll(async (imgs) => {
    const all = imgs as HTMLImageElement[];
    for (const img of all) img.loading = 'eager';
    await Promise.all(all.map((img) => img.decode().catch(() => undefined)));
  });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Waits until nothing on the page is still loading: no spinner, nothing busy, fonts in. */
async function settle(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.spinner, [aria-busy="true"], .campaign-card-skeleton').length === 0 &&
      document.fonts.status === 'loaded',
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function capture(page: Page, shot: Shot, data: Data, viewport: ViewportName, dir: string) {
  await page.goto(shot.path(data), { waitUntil: 'networkidle' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.locator('h1').first().waitFor();
  await loadEverything(page);
  // Parts whose code loads near the screen (the give form) are live once loadEverything has passed them.
  await page.waitForFunction(() => !document.querySelector('[data-deferred]:not([data-live])'));
  await shot.ready?.(page, data);
  await page.waitForLoadState('networkidle');
  await settle(page);
  await fixVolatileText(page, data);
  // What the step did may have scrolled (a refused form focuses its first field): the sticky
  // header would then sit mid-page in the shot.
  await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
  await page.waitForFunction(() => window.scrollY === 0 && window.scrollX === 0);
  await layoutStill(page);
  await repaintAll(page);
  await page.screenshot({
    path: path.join(dir, `${shot.name}-${VIEWPORTS[viewport].width}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    style: VOLATILE_CSS,
  });
}

/** Builds the checkout when told to, or when it has no build yet. */
function ensureBuilt() {
  if (!values.build && fs.existsSync(path.join(root, 'dist/server/main.js'))) return;
  console.log(`building ${root}`);
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`the build in ${root} failed`);
}

async function main(dir: string) {
  ensureBuilt();
  // Always PGlite in a fresh folder, so two runs start from the same empty database.
  delete process.env.E2E_POSTGRES_URL;
  fs.mkdirSync(dir, { recursive: true });
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const failed: string[] = [];
  try {
    [server, browser] = await Promise.all([startServer({}, root), launchBrowser()]);
    const token = await apiLogin(server.url);
    const data = await seed(server.url, token);
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      const contexts = new Map<NonNullable<Shot['as']>, BrowserContext>();
      const contextFor = async (as: NonNullable<Shot['as']>) => {
        let context = contexts.get(as);
        if (!context) {
          context =
            as === 'admin'
              ? await signedIn(browser!, viewport, server!.url, token)
              : await newContext(browser!, viewport, server!.url);
          if (as === 'ha') await context.addCookies([{ name: 'lang', value: 'ha', url: server!.url }]);
          contexts.set(as, context);
        }
        return context;
      };
      for (const shot of SHOTS) {
        if ((shot.only && shot.only !== viewport) || (only && !only.test(shot.name))) continue;
        const page = await (await contextFor(shot.as ?? 'public')).newPage();
        try {
          await capture(page, shot, data, viewport, dir);
          console.log(`${shot.name}-${VIEWPORTS[viewport].width}.png`);
        } catch (error) {
          failed.push(`${shot.name}-${VIEWPORTS[viewport].width}`);
          console.error(`${shot.name} at ${viewport}: ${(error as Error).message}`);
        } finally {
          await page.close();
        }
      }
      for (const context of contexts.values()) await context.close();
    }
  } finally {
    await browser?.close();
    await server?.stop();
  }
  if (failed.length > 0) {
    console.error(`not captured: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

await main(path.resolve(outDir));

/**
 * npm run bench:web: the public site as a phone on a slow network gets it, from the built server
 * (`npm run build` first) on the embedded database with the demo campaigns and their uploaded
 * images. Prints one table:
 * - bytes of each public route's first load in Chromium: HTML, CSS and JavaScript (gzip), and
 *   its status;
 * - Lighthouse mobile (its default throttling) for /, /campaigns and a campaign page: performance,
 *   LCP, CLS, SEO, the median of 3 runs;
 * - regular 3G (300 ms round trip, 700 kbit/s, CPU 4x slower) in Chromium through CDP: time until
 *   the heading and the first campaign (or the campaign's photo) are on screen, and the layout
 *   shift while loading and scrolling, the median of 3 cold loads.
 * `npm run bench:web -- --root <checkout>` measures another built checkout the same way.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM } from '../e2e/support/browser';
import { cleanEnv, freePort, waitForReady } from '../helpers/processes';

const rootArg = process.argv.indexOf('--root');
const ROOT = path.resolve(rootArg > 0 ? process.argv[rootArg + 1]! : path.join(import.meta.dirname, '../..'));
const RUNS = 3;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Regular 3G as the goal states it: 300 ms round trip, 700 kbit/s, a CPU four times slower. */
const SLOW_3G = { latency: 300, throughput: (700 * 1024) / 8, cpu: 4 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const gzip = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 9 }).length;

async function startServer() {
  const main = path.join(ROOT, 'dist/server/main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build in ${ROOT}`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: cleanEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      RATE_LIMIT_PER_MINUTE: '1000000',
      FORM_RATE_LIMIT_PER_MINUTE: '1000000',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  await waitForReady(base, child, () => output, 120_000);
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What a first visit downloads, gzip, in a phone-sized Chromium with nothing cached, until the
 * network is quiet (without scrolling, so what loads near the screen later is not counted): the
 * HTML, the CSS and every script, those the app loads itself included.
 */
async function firstLoad(browser: Browser, base: string, route: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const sizes = { html: 0, css: 0, js: 0 };
  const bodies: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const kind = type === 'document' ? 'html' : type === 'stylesheet' ? 'css' : type === 'script' ? 'js' : null;
    if (kind)
      bodies.push(
        response.body().then(
          (body) => {
            sizes[kind] += gzip(body);
          },
          () => {},
        ),
      );
  });
  const res = await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  await Promise.all(bodies);
  await context.close();
  return { status: res?.status() ?? 0, ...sizes };
}

async function lighthouseRuns(url: string) {
  const runs: { performance: number; lcp: number; cls: number; seo: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo'],
      });
      const lhr = result!.lhr;
      runs.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
      });
    } finally {
      chrome.kill();
    }
  }
  return {
    performance: median(runs.map((r) => r.performance)),
    lcp: median(runs.map((r) => r.lcp)),
    cls: median(runs.map((r) => r.cls)),
    seo: median(runs.map((r) => r.seo)),
  };
}

/** Cold loads on regular 3G: when the heading and `content` are on screen, and the layout shift. */
async function onSlow3g(url: string, content: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const times: number[] = [];
  const shifts: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_3G.latency,
        downloadThroughput: SLOW_3G.throughput,
        uploadThroughput: SLOW_3G.throughput,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_3G.cpu });
      await page.addInitScript(() => {
        const w = window as unknown as { __shift: number };
        w.__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) w.__shift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const started = Date.now();
      await page.goto(url, { waitUntil: 'commit' });
      await page.locator('h1').first().waitFor({ state: 'visible', timeout: 60_000 });
      await page.locator(content).first().waitFor({ state: 'visible', timeout: 60_000 });
      times.push(Date.now() - started);
      await page.waitForLoadState('networkidle', { timeout: 120_000 });
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      await page.waitForLoadState('networkidle', { timeout: 120_000 });
      shifts.push(await page.evaluate(() => (window as unknown as { __shift: number }).__shift));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { ms: median(times), cls: median(shifts) };
}

const server = await startServer();
try {
  const campaigns = (await (
    await fetch(`${server.base}/campaigns`, { headers: { accept: 'application/json' } })
  ).json()) as {
    _id: string;
  }[];
  const campaign = `/campaign/${campaigns.at(-1)!._id}`;
  console.log(`Measuring ${ROOT} (${RUNS} runs each)…`);

  const rows: string[][] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  for (const route of ['/', '/campaigns', campaign, '/about', '/volunteer-form', '/donate', '/no-such-page']) {
    const load = await firstLoad(browser, server.base, route);
    rows.push([
      `First load ${route === campaign ? '/campaign/{id}' : route}`,
      `status ${load.status}`,
      `HTML ${kB(load.html)}, CSS ${kB(load.css)}, JS ${kB(load.js)}`,
      route === '/' ? 'JS ≤ 110 kB' : '',
    ]);
  }
  await browser.close();
  for (const [name, route] of [
    ['/', '/'],
    ['/campaigns', '/campaigns'],
    ['/campaign/{id}', campaign],
  ] as const) {
    const lh = await lighthouseRuns(`${server.base}${route}`);
    rows.push([
      `Lighthouse mobile ${name}`,
      `performance ${lh.performance}, SEO ${lh.seo}`,
      `LCP ${(lh.lcp / 1000).toFixed(2)} s, CLS ${lh.cls.toFixed(3)}`,
      'performance ≥ 95, LCP ≤ 1.8 s, CLS ≤ 0.05, SEO 100',
    ]);
  }
  for (const [name, route, content] of [
    ['/', '/', '.campaign-card'],
    ['/campaign/{id}', campaign, '.campaign-detail__image'],
  ] as const) {
    const slow = await onSlow3g(`${server.base}${route}`, content);
    rows.push([
      `Regular 3G ${name}: heading and ${name === '/' ? 'latest campaign' : 'campaign photo'} visible`,
      `${(slow.ms / 1000).toFixed(2)} s`,
      `layout shift ${slow.cls.toFixed(3)}`,
      '≤ 3 s (aim 2 s), CLS ≤ 0.05',
    ]);
  }

  const header = ['Measure', 'Result', 'Detail', 'Goal'];
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
} finally {
  await server.stop();
}
process.exit(0);

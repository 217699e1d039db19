/**
 * npm run bench:web: the public site as a phone on a slow network gets it, from the built server
 * (`npm run build` first) on the embedded database with the demo campaigns and their uploaded
 * images. Prints one table, medians of 3 runs:
 * - first-load JavaScript of /, /campaigns and a campaign page, in English and in Hausa: every
 *   script a phone-sized Chromium asks for in the first 3 s of a visit without a tap or a scroll
 *   (those the app loads itself, after the first paint or once idle, included), gzip;
 * - Lighthouse mobile (its default throttling) for /, /campaigns, a campaign page, /donate, a
 *   pledge's page (one the bench makes through POST /api/pledges) and / in Hausa: performance,
 *   LCP, CLS, SEO;
 * - regular 3G (300 ms round trip, 700 kbit/s, CPU 4x slower) and 2G (800 ms, 250 kbit/s, CPU 6x
 *   slower, also with `Save-Data: on`) in Chromium through CDP: time from the navigation's start
 *   until the heading and the first campaign (or the campaign's photo) are laid out and the page
 *   has painted; on 3G also the layout shift while loading and scrolling;
 * - the bytes of a first visit to / on the wire, everything (the service worker's own downloads
 *   included), until the network is quiet without a scroll; with and without `Save-Data: on`.
 * Then the bundle report: a separate client build with rollup-plugin-visualizer (BUNDLE_REPORT in
 * vite.config.ts) gives what each module adds to the chunks of those first loads.
 * `npm run bench:web -- --root <checkout>` measures another built checkout the same way;
 * `-- --js` only the first-load scripts and the bundle report.
 */
import { execFileSync, spawn } from 'node:child_process';
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
const JS_ONLY = process.argv.includes('--js');
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** What a first load counts: the scripts asked for in this long without a tap. */
const FIRST_LOAD_MS = 3_000;

interface Network {
  name: string;
  latency: number;
  /** Bytes a second. */
  throughput: number;
  cpu: number;
}
/** Regular 3G as the goal states it: 300 ms round trip, 700 kbit/s, a CPU four times slower. */
const REGULAR_3G: Network = { name: 'Regular 3G', latency: 300, throughput: (700 * 1000) / 8, cpu: 4 };
/** 2G (EDGE-like): 800 ms round trip, 250 kbit/s, a CPU six times slower. */
const SLOW_2G: Network = { name: '2G', latency: 800, throughput: (250 * 1000) / 8, cpu: 6 };
const SAVE_DATA = { 'Save-Data': 'on' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const gzip = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 9 }).length;
const fileOf = (url: string) => new URL(url).pathname.replace(/^\//, '');

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
 * The scripts of a first visit (see FIRST_LOAD_MS), each file with its gzip size, and the HTML
 * and CSS, gzip. A script asked for in time counts even if it arrives later.
 */
async function firstLoad(browser: Browser, url: string) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const sizes = { html: 0, css: 0 };
  const bodies: Promise<void>[] = [];
  let counting = true;
  page.on('request', (request) => {
    if (!counting) return;
    const type = request.resourceType();
    if (type !== 'document' && type !== 'stylesheet' && type !== 'script') return;
    bodies.push(
      (async () => {
        const response = await request.response();
        const body = await response?.body().catch(() => undefined);
        if (!body) return;
        if (type === 'script') scripts.set(fileOf(request.url()), gzip(body));
        else sizes[type === 'document' ? 'html' : 'css'] += gzip(body);
      })().catch(() => {}),
    );
  });
  const started = Date.now();
  const res = await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(Math.max(0, FIRST_LOAD_MS - (Date.now() - started)));
  counting = false;
  await Promise.all(bodies);
  await context.close();
  const js = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { status: res?.status() ?? 0, js, scripts, ...sizes };
}

/**
 * RUNS Lighthouse runs that measured the page. A run Lighthouse itself gave up on (a
 * `runtimeError`, such as no largest paint seen) is not a measure: it is retried, at most RUNS
 * times in all, and counted in the result.
 */
async function lighthouseRuns(url: string) {
  const runs: { performance: number; lcp: number; tbt: number; cls: number; seo: number }[] = [];
  const failed: string[] = [];
  while (runs.length < RUNS && failed.length < RUNS) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo'],
      });
      const lhr = result!.lhr;
      if (lhr.runtimeError) {
        failed.push(lhr.runtimeError.code);
        continue;
      }
      runs.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
      });
    } finally {
      chrome.kill();
    }
  }
  if (runs.length === 0) throw new Error(`Lighthouse could not measure ${url}: ${failed.join(', ')}`);
  return {
    performance: median(runs.map((r) => r.performance)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    seo: median(runs.map((r) => r.seo)),
    failed,
  };
}

/**
 * Watches a loading page from its first script on (a string, not a function: the bench's
 * TypeScript runner would wrap a named function in a helper the page does not have): the layout
 * shift, the first contentful paint, and the first frame in which every one of `selectors` has a
 * box. A frame runs only when the page may render (not while its stylesheet is on its way), and
 * an element laid out before the first paint is not on screen yet: the page shows them at the
 * later of the two, in the page's own clock (from the start of the navigation).
 */
const watchLoading = (selectors: string[]) => `(() => {
  const selectors = ${JSON.stringify(selectors)};
  const w = window;
  w.__shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) w.__shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') w.__painted = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const laidOut = () =>
    selectors.every((selector) => {
      const element = document.querySelector(selector);
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    });
  const everyFrame = () => {
    if (laidOut()) w.__laidOut = performance.now();
    else requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
})()`;

/**
 * Cold loads on `network`: when the heading and `content` are on screen (see watchLoading); with
 * `shift`, also the layout shift while loading and then scrolling through the page.
 */
async function onNetwork(
  url: string,
  content: string,
  network: Network,
  { shift = false, headers = {} }: { shift?: boolean; headers?: Record<string, string> } = {},
) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const times: number[] = [];
  const shifts: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: headers });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: network.latency,
        downloadThroughput: network.throughput,
        uploadThroughput: network.throughput,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: network.cpu });
      await page.addInitScript(watchLoading(['h1', content]));
      await page.goto(url, { waitUntil: 'commit' });
      type Watched = { __laidOut?: number; __painted?: number; __shift: number };
      const shown = await page.waitForFunction(
        () => {
          const w = window as unknown as Watched;
          return w.__laidOut !== undefined && w.__painted !== undefined && Math.max(w.__laidOut, w.__painted);
        },
        undefined,
        { polling: 'raf', timeout: 60_000 },
      );
      times.push(Number(await shown.jsonValue()));
      if (shift) {
        await page.waitForLoadState('networkidle', { timeout: 120_000 });
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        });
        await page.waitForLoadState('networkidle', { timeout: 120_000 });
        shifts.push(await page.evaluate(() => (window as unknown as Watched).__shift));
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { ms: median(times), cls: shifts.length ? median(shifts) : Number.NaN };
}

/**
 * The bytes a first visit moves on the wire (bodies as sent, compressed, plus headers), the page's
 * and its service worker's alike, until the network is quiet and then 3 s more without a request
 * (what loads once idle is counted too), without a scroll or a tap. Answers from the service
 * worker to the page are not counted again. Also the bytes by kind.
 */
async function visitBytes(browser: Browser, url: string, headers: Record<string, string> = {}) {
  const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: headers });
  const byKind = new Map<string, number>();
  const sizes: Promise<void>[] = [];
  context.on('requestfinished', (request) => {
    sizes.push(
      (async () => {
        const response = await request.response();
        if (response?.fromServiceWorker()) return;
        const { responseBodySize, responseHeadersSize } = await request.sizes();
        const kind = request.serviceWorker() ? 'service worker' : request.resourceType();
        byKind.set(kind, (byKind.get(kind) ?? 0) + Math.max(0, responseBodySize) + Math.max(0, responseHeadersSize));
      })().catch(() => {}),
    );
  });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3_000);
  await page.waitForLoadState('networkidle');
  await Promise.all(sizes);
  await context.close();
  const total = [...byKind.values()].reduce((a, b) => a + b, 0);
  const kinds = [...byKind.entries()].sort((a, b) => b[1] - a[1]).map(([kind, bytes]) => `${kind} ${kB(bytes)}`);
  return { total, kinds };
}

/** rollup-plugin-visualizer's raw data (only the parts read here). */
interface BundleData {
  nodeParts: Record<string, { metaUid: string; renderedLength: number; gzipLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

/** A client build of ROOT, with source maps beside it, for the visualizer's raw data (vite.config.ts). */
function buildBundleReport(): BundleData | undefined {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-'));
  const report = path.join(out, 'bundle.json');
  try {
    execFileSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--logLevel',
        'error',
        '--outDir',
        path.join(out, 'client'),
        '--emptyOutDir',
      ],
      { cwd: ROOT, env: { ...process.env, BUNDLE_REPORT: report }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    return JSON.parse(fs.readFileSync(report, 'utf8')) as BundleData;
  } catch (error) {
    console.error(`No bundle report: ${(error as Error).message}`);
    return undefined;
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/** A module's name as the report prints it: a package by its name and file, the app's by its path. */
const moduleName = (id: string) => {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(id);
  if (inPackage) return `${inPackage[1]} (${inPackage[2]})`;
  return id
    .replace(/^\0/, '')
    .replace(/\?.*$/, '')
    .replace(/^(?:\.\.\/)+|^\//, '');
};

/** The bundle report: the first-load chunks (gzip, and on which loads) and their heaviest modules. */
function printBundleReport(data: BundleData, chunks: Map<string, { gzip: number; loads: Set<string> }>) {
  console.log(
    `\nBundle report (rollup-plugin-visualizer raw data: each module's minified bytes from the source maps; its gzip is the chunk's, shared out by those bytes)`,
  );
  console.log(`\nFirst-load chunks (every script of the loads above):\n| Chunk | gzip | Loaded by |\n|---|---|---|`);
  for (const [file, chunk] of [...chunks.entries()].sort((a, b) => b[1].gzip - a[1].gzip))
    console.log(`| ${file} | ${kB(chunk.gzip)} | ${[...chunk.loads].join(', ')} |`);
  const modules: { name: string; chunk: string; gzip: number; minified: number }[] = [];
  const minifiedOf = new Map<string, number>();
  for (const meta of Object.values(data.nodeMetas))
    for (const [bundle, uid] of Object.entries(meta.moduleParts)) {
      const part = data.nodeParts[uid];
      if (!part || !chunks.has(bundle)) continue;
      modules.push({ name: moduleName(meta.id), chunk: bundle, gzip: 0, minified: part.renderedLength });
      minifiedOf.set(bundle, (minifiedOf.get(bundle) ?? 0) + part.renderedLength);
    }
  for (const m of modules) m.gzip = (chunks.get(m.chunk)!.gzip * m.minified) / (minifiedOf.get(m.chunk) || 1);
  const missing = [...chunks.keys()].filter((file) => !modules.some((m) => m.chunk === file));
  if (missing.length) console.log(`\n(not in the report's build, rebuilt since? ${missing.join(', ')})`);
  console.log(
    `\nTop modules of the first-load chunks by gzip:\n| Module | Chunk | minified | gzip |\n|---|---|---|---|`,
  );
  for (const m of modules.sort((a, b) => b.gzip - a.gzip).slice(0, 20))
    console.log(`| ${m.name} | ${m.chunk} | ${kB(m.minified)} | ${kB(m.gzip)} |`);
}

console.log(`Measuring ${ROOT} (${RUNS} runs each)…`);
const bundle = buildBundleReport();
const server = await startServer();
try {
  const campaigns = (await (
    await fetch(`${server.base}/campaigns`, { headers: { accept: 'application/json' } })
  ).json()) as {
    _id: string;
  }[];
  const campaignId = campaigns.at(-1)!._id;
  const campaign = `/campaign/${campaignId}`;
  // A pledge of a donor, made as the give panel makes one, for its page.
  const pledgeAnswer = await fetch(`${server.base}/api/pledges`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ campaignId, amount: 5_000, name: 'Amina Bello' }),
  });
  if (!pledgeAnswer.ok) throw new Error(`POST /api/pledges answered ${pledgeAnswer.status}`);
  const { data: pledge } = (await pledgeAnswer.json()) as { data: { reference: string } };
  const named = (route: string) =>
    route.replace(campaign, '/campaign/{id}').replace(`/pledge/${pledge.reference}`, '/pledge/{reference}');

  const rows: string[][] = [];
  const chunks = new Map<string, { gzip: number; loads: Set<string> }>();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  for (const [lang, query] of [
    ['English', ''],
    ['Hausa', '?lang=ha'],
  ] as const)
    for (const route of ['/', '/campaigns', campaign]) {
      const loads: Awaited<ReturnType<typeof firstLoad>>[] = [];
      for (let i = 0; i < RUNS; i++) loads.push(await firstLoad(browser, `${server.base}${route}${query}`));
      const load = loads.find((l) => l.js === median(loads.map((x) => x.js)))!;
      for (const [file, size] of load.scripts) {
        const chunk = chunks.get(file) ?? { gzip: size, loads: new Set<string>() };
        chunk.loads.add(`${named(route)} ${lang === 'Hausa' ? 'ha' : 'en'}`);
        chunks.set(file, chunk);
      }
      rows.push([
        `First-load JS ${named(route)} (${lang})`,
        `${kB(load.js)} in ${load.scripts.size} scripts`,
        `status ${load.status}; HTML ${kB(load.html)}, CSS ${kB(load.css)}`,
        '≤ 100 kB gzip',
      ]);
    }
  const lighthouseRoutes = ['/', '/campaigns', campaign, '/donate', `/pledge/${pledge.reference}`, '/?lang=ha'];
  for (const route of JS_ONLY ? [] : lighthouseRoutes) {
    const lh = await lighthouseRuns(`${server.base}${route}`);
    rows.push([
      `Lighthouse mobile ${route === '/?lang=ha' ? '/ (Hausa)' : named(route)}`,
      `performance ${lh.performance}, LCP ${seconds(lh.lcp)}`,
      `TBT ${Math.round(lh.tbt)} ms, CLS ${lh.cls.toFixed(3)}, SEO ${lh.seo}${lh.failed.length ? `; runs Lighthouse gave up on: ${lh.failed.join(', ')}` : ''}`,
      'performance 100, LCP ≤ 1.2 s',
    ]);
  }
  for (const [route, content, what] of JS_ONLY
    ? []
    : ([
        ['/', '.campaign-card', 'latest campaign'],
        [campaign, '.campaign-detail__image', 'campaign photo'],
      ] as const)) {
    const slow = await onNetwork(`${server.base}${route}`, content, REGULAR_3G, { shift: true });
    rows.push([
      `Regular 3G ${named(route)}: heading and ${what} visible`,
      seconds(slow.ms),
      `layout shift ${slow.cls.toFixed(3)}`,
      '≤ 1 s, CLS ≤ 0.05',
    ]);
  }
  for (const [label, headers] of JS_ONLY
    ? []
    : ([
        ['', {}],
        [' with Save-Data', SAVE_DATA],
      ] as const)) {
    const slow = await onNetwork(`${server.base}/`, '.campaign-card', SLOW_2G, { headers });
    rows.push([`2G${label} /: heading and latest campaign visible`, seconds(slow.ms), '', '≤ 1.5 s']);
  }
  if (!JS_ONLY) {
    const full = await visitBytes(browser, `${server.base}/`);
    const saver = await visitBytes(browser, `${server.base}/`, SAVE_DATA);
    rows.push(['Bytes of a first visit to /, everything', kB(full.total), full.kinds.join(', '), 'report']);
    rows.push([
      'Bytes of a first visit to / with Save-Data',
      `${kB(saver.total)} (${Math.round((saver.total / full.total) * 100)} %)`,
      saver.kinds.join(', '),
      '≤ half of the above',
    ]);
  }
  await browser.close();

  const header = ['Measure', 'Result', 'Detail', 'Goal'];
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  if (bundle) printBundleReport(bundle, chunks);
} finally {
  await server.stop();
}
process.exit(0);

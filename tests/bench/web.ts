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
 * `-- --js` only the first-load scripts and the bundle report. `-- --against <checkout>` measures
 * another built checkout beside this one as the baseline: both servers run at once and each
 * Lighthouse run and slow-network load alternates between them (which goes first alternating too),
 * so the machine's drift falls on both alike, and the table gives each and their ratio. A busy
 * machine moves a build's own figures by 0.3 s and 10 points between runs; an interleaved pair
 * shares the moves. The Lighthouse rows give the machine's benchmarkIndex: Lighthouse's simulated
 * phone runs on the machine's CPU, so a slow or busy host scores lower (this site's home page:
 * 74–86 at an index of 1600–2400, 100 at 3500–3800).
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

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? path.resolve(process.argv[at + 1]!) : undefined;
};
const ROOT = argument('--root') ?? path.resolve(import.meta.dirname, '../..');
const AGAINST = argument('--against');
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

async function startServer(root: string) {
  const main = path.join(root, 'dist/server/main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build in ${root}`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const child = spawn(process.execPath, [main], {
    cwd: root,
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

interface LighthouseRun {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  seo: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster; its 4× throttling is set for ~1500). */
  benchmarkIndex: number;
}

/**
 * One Lighthouse run that measured the page. A run Lighthouse itself gave up on (a `runtimeError`,
 * such as no largest paint seen) is not a measure: it is retried, at most RUNS times in all, and
 * its code added to `failed`.
 */
async function lighthouseRun(url: string, failed: string[]): Promise<LighthouseRun | undefined> {
  for (let attempt = 0; attempt < RUNS; attempt++) {
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
      return {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
        benchmarkIndex: lhr.environment.benchmarkIndex,
      };
    } finally {
      chrome.kill();
    }
  }
  return undefined;
}

/** Each measure's median over the runs. */
const medians = <K extends string>(runs: Record<K, number>[], keys: K[]) =>
  Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as Record<K, number>;

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
 * One cold load on `network` in a new context of `browser`: when the heading and `content` are on
 * screen (see watchLoading); with `shift`, also the layout shift while loading and then scrolling
 * through the page.
 */
async function loadOnNetwork(
  browser: Browser,
  url: string,
  content: string,
  network: Network,
  { shift = false, headers = {} }: { shift?: boolean; headers?: Record<string, string> } = {},
) {
  const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: headers });
  try {
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
    const ms = Number(await shown.jsonValue());
    if (!shift) return { ms, shift: Number.NaN };
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    return { ms, shift: await page.evaluate(() => (window as unknown as Watched).__shift) };
  } finally {
    await context.close();
  }
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

/** A running build with the demo campaigns, and the pages of it the bench visits (each server seeds its own). */
interface Site {
  root: string;
  base: string;
  campaign: string;
  pledge: string;
  stop(): Promise<void>;
}

async function startSite(root: string): Promise<Site> {
  const server = await startServer(root);
  try {
    const campaigns = (await (
      await fetch(`${server.base}/campaigns`, { headers: { accept: 'application/json' } })
    ).json()) as { _id: string }[];
    const campaignId = campaigns.at(-1)!._id;
    // A pledge of a donor, made as the give panel makes one, for its page.
    const pledgeAnswer = await fetch(`${server.base}/api/pledges`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ campaignId, amount: 5_000, name: 'Amina Bello' }),
    });
    if (!pledgeAnswer.ok) throw new Error(`POST /api/pledges answered ${pledgeAnswer.status}`);
    const { data: pledge } = (await pledgeAnswer.json()) as { data: { reference: string } };
    return {
      root,
      base: server.base,
      campaign: `/campaign/${campaignId}`,
      pledge: `/pledge/${pledge.reference}`,
      stop: server.stop,
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** A page the bench visits, named as the table prints it, with its path on a site. */
interface Route {
  name: string;
  path(site: Site): string;
}
const route = (name: string, path = name): Route => ({ name, path: () => path });
const CAMPAIGN: Route = { name: '/campaign/{id}', path: (site) => site.campaign };
const PLEDGE: Route = { name: '/pledge/{reference}', path: (site) => site.pledge };

/** One site's result in a row: its text, and the numbers a ratio is taken of. */
interface Figure {
  text: string;
  values: [label: string, value: number][];
}
interface Row {
  measure: string;
  /** One per site, in the order of `sites` (the baseline first). */
  figures: Figure[];
  /** For the measured checkout (the last site). */
  detail: string;
  goal: string;
}

/**
 * RUNS samples of `measure` on each site, alternating between the sites and, run by run, which
 * goes first: a machine growing slower or faster weighs on both alike.
 */
async function interleaved<T>(sites: Site[], measure: (site: Site, index: number) => Promise<T>): Promise<T[][]> {
  const samples = sites.map(() => [] as T[]);
  const order = sites.map((_, index) => index);
  for (let run = 0; run < RUNS; run++)
    for (const index of run % 2 === 0 ? order : [...order].reverse())
      samples[index]!.push(await measure(sites[index]!, index));
  return samples;
}

/** The ratio of the measured checkout to the baseline, for each of a row's numbers. */
const ratios = ([baseline, measured]: Figure[]) =>
  measured!.values
    .map(([label, value], i) => {
      const base = baseline!.values[i]![1];
      return `${label ? `${label} ` : ''}${base === 0 ? '—' : `${(value / base).toFixed(2)}×`}`;
    })
    .join(', ');

function printTable(sites: Site[], rows: Row[]) {
  const compared = sites.length > 1;
  const header = compared
    ? ['Measure', `Baseline (${sites[0]!.root})`, `This (${sites[1]!.root})`, 'This ÷ baseline', 'Detail', 'Goal']
    : ['Measure', 'Result', 'Detail', 'Goal'];
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const row of rows) {
    const figures = row.figures.map((figure) => figure.text);
    const cells = compared ? [...figures, ratios(row.figures)] : figures;
    console.log(`| ${[row.measure, ...cells, row.detail, row.goal].join(' | ')} |`);
  }
}

console.log(`Measuring ${ROOT}${AGAINST ? ` against ${AGAINST}` : ''} (${RUNS} runs each)…`);
const bundle = buildBundleReport();
const sites: Site[] = [];
try {
  for (const root of AGAINST ? [AGAINST, ROOT] : [ROOT]) sites.push(await startSite(root));
  const rows: Row[] = [];
  const chunks = new Map<string, { gzip: number; loads: Set<string> }>();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  for (const [lang, query] of [
    ['en', ''],
    ['ha', '?lang=ha'],
  ] as const)
    for (const page of [route('/'), route('/campaigns'), CAMPAIGN]) {
      const measured: Awaited<ReturnType<typeof firstLoad>>[] = [];
      for (const site of sites) {
        const loads: Awaited<ReturnType<typeof firstLoad>>[] = [];
        for (let i = 0; i < RUNS; i++) loads.push(await firstLoad(browser, `${site.base}${page.path(site)}${query}`));
        measured.push(loads.find((l) => l.js === median(loads.map((x) => x.js)))!);
      }
      const load = measured.at(-1)!;
      for (const [file, size] of load.scripts) {
        const chunk = chunks.get(file) ?? { gzip: size, loads: new Set<string>() };
        chunk.loads.add(`${page.name} ${lang}`);
        chunks.set(file, chunk);
      }
      rows.push({
        measure: `First-load JS ${page.name} (${lang === 'ha' ? 'Hausa' : 'English'})`,
        figures: measured.map((m) => ({ text: `${kB(m.js)} in ${m.scripts.size} scripts`, values: [['', m.js]] })),
        detail: `status ${load.status}; HTML ${kB(load.html)}, CSS ${kB(load.css)}`,
        goal: '≤ 100 kB gzip',
      });
    }
  const lighthousePages = [
    route('/'),
    route('/campaigns'),
    CAMPAIGN,
    route('/donate'),
    PLEDGE,
    route('/ (Hausa)', '/?lang=ha'),
  ];
  for (const page of JS_ONLY ? [] : lighthousePages) {
    const failed = sites.map(() => [] as string[]);
    const samples = await interleaved(sites, (site, index) =>
      lighthouseRun(`${site.base}${page.path(site)}`, failed[index]!),
    );
    const results = samples.map((runs, index) => {
      const measured = runs.filter((run) => run !== undefined);
      if (measured.length === 0)
        throw new Error(`Lighthouse could not measure ${page.name}: ${failed[index]!.join(', ')}`);
      return medians(measured, ['performance', 'lcp', 'tbt', 'cls', 'seo', 'benchmarkIndex']);
    });
    const last = results.at(-1)!;
    rows.push({
      measure: `Lighthouse mobile ${page.name}`,
      figures: results.map((lh) => ({
        text: `performance ${lh.performance}, LCP ${seconds(lh.lcp)}, TBT ${Math.round(lh.tbt)} ms`,
        values: [
          ['performance', lh.performance],
          ['LCP', lh.lcp],
          ['TBT', lh.tbt],
        ],
      })),
      detail: `CLS ${last.cls.toFixed(3)}, SEO ${last.seo}, machine's benchmarkIndex ${Math.round(last.benchmarkIndex)}${failed.flat().length ? `; runs Lighthouse gave up on: ${failed.flat().join(', ')}` : ''}`,
      goal: 'performance 100, LCP ≤ 1.2 s',
    });
  }
  const slowLoads: {
    page: Route;
    content: string;
    what: string;
    network: Network;
    label?: string;
    headers?: Record<string, string>;
    shift?: boolean;
    goal: string;
  }[] = [
    {
      page: route('/'),
      content: '.campaign-card',
      what: 'latest campaign',
      network: REGULAR_3G,
      shift: true,
      goal: '≤ 1 s, CLS ≤ 0.05',
    },
    {
      page: CAMPAIGN,
      content: '.campaign-detail__image',
      what: 'campaign photo',
      network: REGULAR_3G,
      shift: true,
      goal: '≤ 1 s, CLS ≤ 0.05',
    },
    { page: route('/'), content: '.campaign-card', what: 'latest campaign', network: SLOW_2G, goal: '≤ 1.5 s' },
    {
      page: route('/'),
      content: '.campaign-card',
      what: 'latest campaign',
      network: SLOW_2G,
      label: ' with Save-Data',
      headers: SAVE_DATA,
      goal: '≤ 1.5 s',
    },
  ];
  for (const slow of JS_ONLY ? [] : slowLoads) {
    const slowBrowser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
    try {
      const samples = await interleaved(sites, (site) =>
        loadOnNetwork(slowBrowser, `${site.base}${slow.page.path(site)}`, slow.content, slow.network, slow),
      );
      const results = samples.map((loads) => medians(loads, ['ms', 'shift']));
      rows.push({
        measure: `${slow.network.name}${slow.label ?? ''} ${slow.page.name}: heading and ${slow.what} visible`,
        figures: results.map((r) => ({ text: seconds(r.ms), values: [['', r.ms]] })),
        detail: slow.shift ? `layout shift ${results.map((r) => r.shift.toFixed(3)).join(' → ')}` : '',
        goal: slow.goal,
      });
    } finally {
      await slowBrowser.close();
    }
  }
  if (!JS_ONLY) {
    const visits = [];
    for (const site of sites) {
      const full = await visitBytes(browser, `${site.base}/`);
      visits.push({ full, saver: await visitBytes(browser, `${site.base}/`, SAVE_DATA) });
    }
    const { full, saver } = visits.at(-1)!;
    rows.push({
      measure: 'Bytes of a first visit to /, everything',
      figures: visits.map((v) => ({ text: kB(v.full.total), values: [['', v.full.total]] })),
      detail: full.kinds.join(', '),
      goal: 'report',
    });
    rows.push({
      measure: 'Bytes of a first visit to / with Save-Data',
      figures: visits.map((v) => ({
        text: `${kB(v.saver.total)} (${Math.round((v.saver.total / v.full.total) * 100)} %)`,
        values: [['', v.saver.total]],
      })),
      detail: saver.kinds.join(', '),
      goal: '≤ half of the above',
    });
  }
  await browser.close();

  printTable(sites, rows);
  if (bundle) printBundleReport(bundle, chunks);
} finally {
  for (const site of sites) await site.stop();
}
process.exit(0);

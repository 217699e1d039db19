/**
 * The web fonts (about 65 kB) never hold back a page. A phone that has them shows them from the
 * first paint; on a first visit the page is drawn in the phone's own fonts, sized to the web fonts'
 * metrics (scripts/fonts.mjs), the font files are fetched once the page is idle, and they are used
 * from the next page on: the app's first move to another page, or the next page the browser loads.
 * The text is then never drawn twice while the visitor reads it, and a slow connection spends its
 * first seconds on the page, its styles and its photos. With data saver on, none of this happens.
 */
import { afterFirstPaint } from './after-first-paint';

/** The built files (client/boot.ts imports them): the @font-face rules and the font files (Latin, and the naira sign and Hausa letters). */
export interface WebFontFiles {
  stylesheet: string;
  fonts: string[];
}

/** Set in localStorage once the font files are in the browser's cache: their addresses, which a deploy that changes a font changes. */
const FONTS_KEPT = 'web-fonts';
let files: WebFontFiles | undefined;
let applied = false;

const saverOn = () => document.documentElement.dataset.saver === 'on';

function fontsKept(fonts: string[]): boolean {
  try {
    return localStorage.getItem(FONTS_KEPT) === fonts.join(' ');
  } catch {
    return false;
  }
}

/** Adds the fonts' @font-face rules: the text takes each font as it arrives (font-display: swap). */
export function applyWebFonts(): void {
  if (!files || applied || saverOn()) return;
  applied = true;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = files.stylesheet;
  document.head.append(link);
}

/** Fetches the font files into the cache, at low priority, and marks them kept. */
async function fetchFonts(fonts: string[]): Promise<void> {
  try {
    await Promise.all(
      fonts.map(async (url) => {
        const response = await fetch(url, { priority: 'low' });
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        await response.arrayBuffer();
      }),
    );
    localStorage.setItem(FONTS_KEPT, fonts.join(' '));
  } catch {
    // Offline, a failed answer, or storage refused (private browsing): tried again on the next page.
  }
}

/** Called by client/boot.ts as the page starts. */
export function startWebFonts(built: WebFontFiles): void {
  files = built;
  if (saverOn()) return;
  if (fontsKept(built.fonts)) {
    applyWebFonts();
    return;
  }
  // After the load event and the first paint, once the page is idle.
  const fetchWhenIdle = () => (window.requestIdleCallback ?? setTimeout)(() => void fetchFonts(built.fonts));
  const afterLoad = () => afterFirstPaint(fetchWhenIdle);
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
}

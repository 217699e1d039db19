/**
 * The page's only script at first: the styles, then the app once the browser has painted the
 * server's page. On a slow connection the app's code (about 100 kB) then never competes with what
 * the visitor is waiting to see; until it has loaded, links and forms work as plain HTML.
 *
 * The web fonts wait too (client/lib/web-fonts.ts).
 *
 * With data saver on, the web fonts never load, and the app's code waits for the visitor to touch
 * the page (a tap, a key, a focus): a visit that only reads costs the page, its styles and its
 * photos, nothing more.
 */
import './generated/fonts.css';
import './styles/global.css';
import frauncesExtra from './generated/fraunces-extra.woff2?url';
import frauncesLatin from './generated/fraunces-latin.woff2?url';
import interExtra from './generated/inter-extra.woff2?url';
import interLatin from './generated/inter-latin.woff2?url';
import webFontRules from './generated/web-fonts.css?url';
import { afterFirstPaint } from './lib/after-first-paint';
import { startWebFonts } from './lib/web-fonts';

const start = () => void import('./entry-client');
const TOUCHES = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

startWebFonts({ stylesheet: webFontRules, fonts: [frauncesLatin, interLatin, frauncesExtra, interExtra] });
// A page the browser renders itself (sign-in, the dashboard) has nothing to draw before the app.
if (!document.getElementById('root')?.firstElementChild) start();
else if (document.documentElement.dataset.saver === 'on') {
  const onTouch = () => {
    for (const type of TOUCHES) removeEventListener(type, onTouch, true);
    start();
  };
  for (const type of TOUCHES) addEventListener(type, onTouch, { capture: true, passive: true });
} else afterFirstPaint(start);

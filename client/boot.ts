/**
 * The page's only script at first: the styles, then the app once the browser has painted the
 * server's page. On a slow connection the app's code (about 100 kB) then never competes with what
 * the visitor is waiting to see; until it has loaded, links and forms work as plain HTML.
 */
import './generated/fonts.css';
import './styles/global.css';

requestAnimationFrame(() => setTimeout(() => void import('./entry-client')));

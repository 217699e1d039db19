/**
 * Data saver: for visitors who pay for every megabyte. On when the browser asks (`Save-Data: on`,
 * `navigator.connection.saveData`) or the footer's switch chose it; the switch's "off" is kept as
 * well, and wins over the browser's header, so a visitor can always turn it off. Pages then load
 * the narrowest image copies, system fonts and no gallery photo until it is tapped.
 */
import { IMAGE_WIDTHS } from './constants';

export const DATA_SAVER_COOKIE = 'data-saver';
/** A year: the choice is a preference, not a session. */
export const DATA_SAVER_COOKIE_MAX_AGE = 365 * 24 * 3600;
/** On every page answer, `on` or `off`: which of the two the page was made as. */
export const DATA_SAVER_HEADER = 'x-data-saver';
/** Where a page rendered on the server with data saver on says so, in its query cache. */
export const DATA_SAVER_KEY = ['data-saver'] as const;
/** The image width data saver pages load: the narrowest stored. */
export const DATA_SAVER_WIDTH = IMAGE_WIDTHS[0];

export type DataSaverChoice = 'on' | 'off';

/** The switch's choice in a Cookie header, when it made one. */
export function dataSaverCookie(cookie: string | undefined): DataSaverChoice | undefined {
  const value = cookie && new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=([^;]*)`).exec(cookie)?.[1]?.trim();
  return value === 'on' || value === 'off' ? value : undefined;
}

/** Whether a request's page is made with data saver on: the cookie's choice, else Save-Data. */
export function isDataSaver(headers: { cookie?: string; 'save-data'?: string | string[] }): boolean {
  const chosen = dataSaverCookie(headers.cookie);
  if (chosen) return chosen === 'on';
  const saveData = headers['save-data'];
  return (Array.isArray(saveData) ? saveData.join(',') : (saveData ?? '')).trim().toLowerCase() === 'on';
}

/** "38 kB": the size a photo's placeholder shows. */
export const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1000))} kB`;

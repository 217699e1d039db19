/**
 * The text catalogue: every user-visible string, keyed by message, in English and Hausa.
 * Components and the server only ever call `t`. Each language's texts are registered by the
 * modules that carry them (`en/core.ts`, `ha/core.ts`, and the staff area's `en/staff-area.ts`,
 * `ha/staff-area.ts`), so a browser downloads the texts of its own language only; the server
 * registers all of them (`all.ts`).
 */
import type { adminMessages } from './en/admin';
import type { alertMessages } from './en/alerts';
import type { archiveMessages } from './en/archive';
import type { choiceMessages } from './en/choices';
import type { dateMessages } from './en/dates';
import type { editionMessages } from './en/editions';
import type { givingMessages } from './en/giving';
import type { languageMessages } from './en/language';
import type { mailMessages } from './en/mail';
import type { metaMessages } from './en/meta';
import type { newsletterMessages } from './en/newsletter';
import type { outboxMessages } from './en/outbox';
import type { passwordResetMessages } from './en/password-reset';
import type { paymentMessages } from './en/payments';
import type { publicMessages } from './en/public';
import type { serverMessages } from './en/server';
import type { specMessages } from './en/spec';
import type { staffMessages } from './en/staff';
import { formatMessage } from './format-message';

export type MessageKey =
  | keyof typeof specMessages
  | keyof typeof serverMessages
  | keyof typeof publicMessages
  | keyof typeof givingMessages
  | keyof typeof metaMessages
  | keyof typeof choiceMessages
  | keyof typeof languageMessages
  | keyof typeof dateMessages
  | keyof typeof adminMessages
  | keyof typeof staffMessages
  | keyof typeof mailMessages
  | keyof typeof newsletterMessages
  | keyof typeof alertMessages
  | keyof typeof passwordResetMessages
  | keyof typeof outboxMessages
  | keyof typeof editionMessages
  | keyof typeof archiveMessages
  | keyof typeof paymentMessages;
export type Catalogue = Record<MessageKey, string>;

/** The languages of the site, each named in its own language, with the tag `Intl` formats with. */
export const LANGUAGES = {
  en: { name: 'English', tag: 'en-NG' },
  ha: { name: 'Hausa', tag: 'ha-NG' },
} as const;
export type Locale = keyof typeof LANGUAGES;
export const LOCALE_CODES = Object.keys(LANGUAGES) as Locale[];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

interface CatalogueState {
  catalogues: Record<Locale, Partial<Catalogue>>;
  /** The language of the code running now: the browser's one choice, or the server's request. */
  current: () => Locale;
  browserLocale: Locale;
}

/**
 * One state per process, on globalThis: the server's own modules and the page renderer (a
 * separate build of the same sources) must read the same catalogues and the same request locale.
 */
const STATE_KEY = Symbol.for('foundation.messages');
const holder = globalThis as { [STATE_KEY]?: CatalogueState };
holder[STATE_KEY] ??= {
  catalogues: { en: {}, ha: {} },
  current: () => holder[STATE_KEY]!.browserLocale,
  browserLocale: DEFAULT_LOCALE,
};
const state: CatalogueState = holder[STATE_KEY];

/** Adds a language's texts (a part of the app brings its own when it loads). */
export function addMessages(locale: Locale, messages: Partial<Catalogue>): void {
  Object.assign(state.catalogues[locale], messages);
}

/** Sets the language of the browser's app (the server follows each request instead). */
export function setLocale(locale: Locale): void {
  state.browserLocale = locale;
}

/** Lets the server answer each request in its own language (an AsyncLocalStorage lookup). */
export function setLocaleSource(source: () => Locale | undefined): void {
  state.current = () => source() ?? DEFAULT_LOCALE;
}

export function getLocale(): Locale {
  return state.current();
}

/**
 * Looks up a message in the current language and fills its `{name}` placeholders and ICU
 * plurals (`{count, plural, one {# campaign} other {# campaigns}}`).
 */
export function t(key: MessageKey, vars?: Record<string, string | number>, locale: Locale = getLocale()): string {
  const text = state.catalogues[locale][key] ?? state.catalogues.en[key] ?? key;
  return formatMessage(text, vars, LANGUAGES[locale].tag);
}

/** What a visitor reads of one of the spec's choices (the value itself is the API's). */
export function choiceLabel(value: string): string {
  const key = `choice.${value}` as MessageKey;
  const known = state.catalogues[getLocale()][key] ?? state.catalogues.en[key];
  return known === undefined ? value : t(key);
}

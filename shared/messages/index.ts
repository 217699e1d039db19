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
import type { textMessages } from './en/texts';
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
  | keyof typeof paymentMessages
  | keyof typeof textMessages;
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
  /** Texts staff corrected (server/texts/): read before the catalogue's. */
  overrides: Record<Locale, Partial<Catalogue>>;
  /** The language of the code running now: the browser's one choice, or the server's request. */
  current: () => Locale;
  browserLocale: Locale;
  /** Told of every text looked up, and whether it was there (see watchTexts). */
  watcher?: TextWatcher;
}

/** Told of each text looked up: `found` false when neither the language nor English has it (yet). */
export type TextWatcher = (key: MessageKey, found: boolean) => void;

/**
 * One state per process, on globalThis: the server's own modules and the page renderer (a
 * separate build of the same sources) must read the same catalogues and the same request locale.
 */
const STATE_KEY = Symbol.for('foundation.messages');
const holder = globalThis as { [STATE_KEY]?: CatalogueState };
holder[STATE_KEY] ??= {
  catalogues: { en: {}, ha: {} },
  overrides: { en: {}, ha: {} },
  current: () => holder[STATE_KEY]!.browserLocale,
  browserLocale: DEFAULT_LOCALE,
};
const state: CatalogueState = holder[STATE_KEY];

/** Adds a language's texts (a part of the app brings its own when it loads). */
export function addMessages(locale: Locale, messages: Partial<Catalogue>): void {
  Object.assign(state.catalogues[locale], messages);
}

/** Puts staff's corrections of a language's texts in place of the catalogue's (all of them at once). */
export function setOverrides(locale: Locale, texts: Partial<Record<string, string>>): void {
  state.overrides[locale] = texts as Partial<Catalogue>;
}

/** Staff's corrections in force for a language: what a worker thread rendering the same texts is handed. */
export const overridesOf = (locale: Locale): Partial<Record<string, string>> => state.overrides[locale];

/** Adds staff's corrections of some of a language's texts to those in place (a part of the app brings its own). */
export function addOverrides(locale: Locale, texts: Partial<Record<string, string>>): void {
  state.overrides[locale] = { ...state.overrides[locale], ...(texts as Partial<Catalogue>) };
}

/** The keys of every text registered so far (English has them all). */
export const catalogueKeys = (): string[] => Object.keys(state.catalogues.en);

/** Whether staff have corrected a key's text in a language (the correction then travels on its own). */
export const isCorrected = (key: string, locale: Locale): boolean =>
  state.overrides[locale][key as MessageKey] !== undefined;

/** The catalogue's own text of a key, without staff's corrections (undefined: no such key). */
export function catalogueText(key: string, locale: Locale): string | undefined {
  return state.catalogues[locale][key as MessageKey];
}

/** A text as shown: staff's correction, else the catalogue's, else the English. */
const textOf = (key: MessageKey, locale: Locale): string | undefined => {
  const text =
    state.overrides[locale][key] ??
    state.catalogues[locale][key] ??
    state.overrides.en[key] ??
    state.catalogues.en[key];
  state.watcher?.(key, text !== undefined);
  return text;
};

/**
 * Watches the texts looked up: the server notes those a page shows (the browser gets them with the
 * page and hydrates with them alone), the browser those it lacks until the whole catalogue is in.
 */
export function watchTexts(watcher: TextWatcher | undefined): void {
  state.watcher = watcher;
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
  const text = textOf(key, locale) ?? key;
  return formatMessage(text, vars, LANGUAGES[locale].tag);
}

/** What a visitor reads of one of the spec's choices (the value itself is the API's). */
export function choiceLabel(value: string): string {
  const key = `choice.${value}` as MessageKey;
  return textOf(key, getLocale()) === undefined ? value : t(key);
}

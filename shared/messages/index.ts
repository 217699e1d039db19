/**
 * The text catalogue: every user-visible string, keyed by message. A second language adds a
 * catalogue with the same keys; components and the server only ever call `t`.
 */

import type { adminMessages } from './en/admin';
import type { givingMessages } from './en/giving';
import { publicMessages } from './en/public';
import { serverMessages } from './en/server';
import { specMessages } from './en/spec';
import type { staffMessages } from './en/staff';

/** What every page needs. The admin area's and staff texts join when their code loads (addMessages). */
const en = { ...specMessages, ...serverMessages, ...publicMessages };

export type MessageKey =
  | keyof typeof en
  | keyof typeof adminMessages
  | keyof typeof staffMessages
  | keyof typeof givingMessages;
export type Catalogue = Record<MessageKey, string>;

export const LOCALES = { en: { label: 'English', catalogue: en as Catalogue } } as const;

/** Adds texts loaded with a part of the app (the admin area's own chunk) to the catalogue. */
export function addMessages(messages: Partial<Catalogue>): void {
  Object.assign(LOCALES.en.catalogue, messages);
}
export type Locale = keyof typeof LOCALES;

let current: Locale = 'en';

export function setLocale(locale: Locale): void {
  current = locale;
}

export function getLocale(): Locale {
  return current;
}

/** Looks up a message and fills its `{name}` placeholders. */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text = LOCALES[current].catalogue[key] ?? LOCALES.en.catalogue[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

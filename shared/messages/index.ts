/**
 * The text catalogue: every user-visible string, keyed by message. A second language adds a
 * catalogue with the same keys; components and the server only ever call `t`.
 */

import { adminMessages } from './en/admin';
import { publicMessages } from './en/public';
import { serverMessages } from './en/server';
import { specMessages } from './en/spec';

const en = { ...specMessages, ...serverMessages, ...publicMessages, ...adminMessages };

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;

export const LOCALES = { en: { label: 'English', catalogue: en as Catalogue } } as const;
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
  const text = LOCALES[current].catalogue[key] ?? en[key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

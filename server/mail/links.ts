/**
 * Links in mails: absolute, on PUBLIC_URL (the configuration refuses SMTP without it), and in the
 * reader's language, so a Hausa reader lands on the Hausa page whatever the browser's cookie says.
 */
import type { Locale } from '../../shared/messages';
import { LANGUAGE_PARAM } from '../../shared/page-language';
import type { Config } from '../config';

export function siteLink(
  config: Pick<Config, 'publicUrl'>,
  path: string,
  language: Locale,
  query: Record<string, string> = {},
): string {
  const url = new URL(path, config.publicUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  if (language !== 'en') url.searchParams.set(LANGUAGE_PARAM, language);
  return url.href;
}

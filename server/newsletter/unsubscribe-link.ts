/**
 * The newsletter's unsubscribe link and the headers that let mail programs offer it as a button
 * (RFC 2369 List-Unsubscribe, RFC 8058 one-click). Every mail to a subscriber carries both.
 */
import type { Locale } from '../../shared/messages';
import { UNSUBSCRIBE_PAGE } from '../../shared/schemas/newsletter';
import type { Deps } from '../deps';
import { siteLink } from '../mail/links';

/** Two years: an old newsletter in someone's inbox must still let them leave. */
export const UNSUBSCRIBE_LINK_SECONDS = 2 * 365 * 24 * 60 * 60;

/** The page that unsubscribes this subscription; not single use, since unsubscribing twice is harmless. */
export async function unsubscribeLink(
  deps: Pick<Deps, 'tokens' | 'config'>,
  subscription: { id: string },
  language: Locale,
): Promise<string> {
  const token = await deps.tokens.signLink({
    purpose: 'newsletter.unsubscribe',
    subject: subscription.id,
    lifetimeSeconds: UNSUBSCRIBE_LINK_SECONDS,
  });
  return siteLink(deps.config, UNSUBSCRIBE_PAGE, language, { token });
}

/** The headers of a mail to a subscriber: mail programs show an Unsubscribe button that posts to the link. */
export async function unsubscribeHeaders(
  deps: Pick<Deps, 'tokens' | 'config'>,
  subscription: { id: string },
  language: Locale,
): Promise<Record<string, string>> {
  return unsubscribeHeadersFor(await unsubscribeLink(deps, subscription, language));
}

/** The same headers for a link already made (a mail that also shows the link in its footer). */
export const unsubscribeHeadersFor = (link: string): Record<string, string> => ({
  'List-Unsubscribe': `<${link}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

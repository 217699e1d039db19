/**
 * The headers of the site's own calls to the server: the staff token when signed in, and the
 * visitor's language, in which the server answers its messages (the API's default is English).
 */
import { getLocale } from '../../shared/messages';
import { readToken } from './token';

export function requestHeaders(): Record<string, string> {
  const token = readToken();
  const language = { 'accept-language': getLocale() };
  return token ? { ...language, authorization: `Bearer ${token}` } : language;
}

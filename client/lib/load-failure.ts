/**
 * What a public page says when a request or a piece of its code did not arrive: always a sentence
 * in the page's language, never the browser's own ("Failed to fetch dynamically imported
 * module…", "Failed to fetch"). Shown by RetryNotice beside a Retry button.
 */
import { t } from '../../shared/messages';
import { readServerError } from './server-error';

/**
 * The server's own message when it answered with one (already in the visitor's language); when no
 * answer came at all (offline, a blocked or missing code chunk), that the site could not be reached;
 * `fallback` when it answered without a message.
 */
export function failureMessage(error: unknown, fallback = t('network.failed')): string {
  const { status, message } = readServerError(error);
  if (status === undefined) return t('network.offline');
  return message ?? fallback;
}

/**
 * Whether the server answered that the thing does not exist: a page then says "not found", not
 * "could not reach". In the browser the error carries the code in `data`; while the server renders
 * the page, it is tRPC's own error, with the code on it.
 */
export function isNotFound(error: unknown): boolean {
  const e = error as { code?: unknown; data?: { code?: unknown } | null } | null;
  return e?.data?.code === 'NOT_FOUND' || e?.code === 'NOT_FOUND';
}

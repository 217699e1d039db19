/** Reading the errors tRPC calls and uploads raise, the same way on every admin screen. */
import { isTRPCClientError } from '@trpc/client';
import { t } from '../../../../shared/messages';

interface ErrorData {
  httpStatus?: number;
  fieldErrors?: { path: string; message: string }[];
}

const dataOf = (error: unknown): ErrorData | undefined =>
  isTRPCClientError(error) ? (error.data as ErrorData | undefined) : undefined;

/** The HTTP status the server answered with, or undefined when no answer came (network failure). */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof UploadError) return error.status || undefined;
  return dataOf(error)?.httpStatus;
}

/** True when the server answered at all: its message is then worth showing. */
export const serverAnswered = (error: unknown) => httpStatusOf(error) !== undefined;

/** The server's message when it answered with one, otherwise the screen's fallback text. */
export function serverMessage(error: unknown, fallback: string): string {
  if (!serverAnswered(error)) return fallback;
  const message = error instanceof Error ? error.message.trim() : '';
  return message || fallback;
}

/**
 * A failed campaign call (SPEC section 8): the server's message, 'HTTP error! status: {code}' when
 * it answered without one, the screen's wrapped message when no answer came at all.
 */
export function campaignErrorMessage(error: unknown, fallback: string): string {
  const status = httpStatusOf(error);
  return serverMessage(error, status === undefined ? fallback : t('campaigns.httpError', { code: status }));
}

/** The server's field errors keyed by field path, for marking inputs after a refused save. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, message } of dataOf(error)?.fieldErrors ?? []) if (path && !(path in out)) out[path] = message;
  return out;
}

/** A failed upload: status 0 when the request never got an answer. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

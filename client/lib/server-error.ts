/**
 * The one reader of failed calls, tRPC and plain HTTP alike: what the server answered (status,
 * message, field errors), or nothing when no answer came (offline, a gateway page), in which case
 * callers show their fallback text.
 */
import { t } from '../../shared/messages';
import type { FieldIssue } from '../../shared/schemas/fields';

/** A failed call made outside tRPC (uploads): status 0 when no answer came. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface ServerError {
  /** The HTTP status the server answered with; undefined when no answer came. */
  status: number | undefined;
  /** The server's own message, or null when it gave none or no answer came. */
  message: string | null;
  /** Field errors by full path ('email', 'updates.0.date'). */
  fieldErrors: FieldIssue[];
}

/**
 * A tRPC client error, known by the name its class gives it: importing tRPC's own test
 * (`isTRPCClientError`) would bring the tRPC client into every page that can show a failure.
 */
const isTrpcError = (error: unknown): error is Error & { data?: unknown } =>
  error instanceof Error && error.name === 'TRPCClientError';

interface ErrorData {
  httpStatus?: number;
  fieldErrors?: FieldIssue[];
}

export function readServerError(error: unknown): ServerError {
  let status: number | undefined;
  let fieldErrors: FieldIssue[] = [];
  if (error instanceof HttpError) status = error.status || undefined;
  else if (isTrpcError(error) && error.data) {
    const data = error.data as ErrorData;
    status = data.httpStatus;
    fieldErrors = (data.fieldErrors ?? []).filter((issue) => issue.path);
  }
  const message = status !== undefined && error instanceof Error ? error.message.trim() || null : null;
  return { status, message, fieldErrors };
}

export const httpStatusOf = (error: unknown) => readServerError(error).status;

/** The server's message when it answered with one, otherwise the screen's fallback text. */
export const serverMessage = (error: unknown, fallback: string) => readServerError(error).message ?? fallback;

/**
 * A failed campaign call: the server's message, 'HTTP error! status: {code}' when
 * it answered without one, the screen's wrapped message when no answer came at all.
 */
export function campaignErrorMessage(error: unknown, fallback: string): string {
  const { status, message } = readServerError(error);
  if (status === undefined) return fallback;
  return message ?? t('campaigns.httpError', { code: status });
}

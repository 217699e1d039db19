import { TRPCClientError } from '@trpc/client';
import type { FieldIssue } from '../../shared/schemas/fields';

export interface ServerError {
  /** The server's own message, or null when no server answer was read (network failure, proxy page). */
  message: string | null;
  fieldErrors: Record<string, string>;
}

/**
 * Reads what the server said about a failed call. Only a tRPC error answer carries `data`; any
 * other failure (offline, a gateway page) has no server message, so callers show their fallback.
 */
export function readServerError(error: unknown): ServerError {
  if (!(error instanceof TRPCClientError) || !error.data) return { message: null, fieldErrors: {} };
  const issues = ((error.data as { fieldErrors?: FieldIssue[] }).fieldErrors ?? []).filter((issue) => issue.path);
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.split('.')[0] ?? issue.path;
    fieldErrors[key] ??= issue.message;
  }
  return { message: error.message.trim() || null, fieldErrors };
}

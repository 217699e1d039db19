/**
 * POST /api/statements: the bank statement as multipart, with the bearer token, and the column
 * mapping when staff chose one. A refusal carries its message and, when the columns must be
 * mapped, the header's cells.
 */

import { requestHeaders } from '../../../lib/request-headers';
import type { RouterOutputs } from '../../../lib/trpc';

export type ImportSummary = RouterOutputs['statement']['import'];

export class StatementRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly header: string[] | undefined,
  ) {
    super(message);
  }
}

export async function uploadStatement(file: File, mapping?: Record<string, string>): Promise<ImportSummary> {
  const body = new FormData();
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  body.append('file', file);
  let res: Response;
  try {
    res = await fetch('/api/statements', {
      method: 'POST',
      body,
      headers: { accept: 'application/json', ...requestHeaders() },
    });
  } catch {
    throw new StatementRefused('', 0, undefined);
  }
  const answer = (await res.json().catch(() => ({}))) as ImportSummary & { message?: string; header?: string[] };
  if (!res.ok) throw new StatementRefused(answer.message ?? '', res.status, answer.header);
  return answer;
}

/**
 * Downloads GET /api/submissions/{type}.csv: fetched with the bearer token (a plain link could
 * not carry it), then saved through an object URL.
 */
import type { SubmissionType } from '../../../../shared/constants';
import { HttpError } from '../../../lib/server-error';
import { readToken } from '../../../lib/token';

export async function downloadCsv(type: SubmissionType, filters: { q?: string; status?: string }): Promise<void> {
  const query = new URLSearchParams();
  if (filters.q) query.set('q', filters.q);
  if (filters.status) query.set('status', filters.status);
  const token = readToken();
  let res: Response;
  try {
    res = await fetch(`/api/submissions/${type}.csv${query.size ? `?${query}` : ''}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new HttpError(0, '');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new HttpError(res.status, body.message ?? '');
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${type}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

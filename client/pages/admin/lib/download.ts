/**
 * Downloads a file the API answers only to staff: fetched with the bearer token (a plain link
 * could not carry it), then saved through an object URL under the name the server gave.
 */

import { requestHeaders } from '../../../lib/request-headers';
import { HttpError } from '../../../lib/server-error';

export async function downloadWithToken(url: string, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { headers: requestHeaders() });
  } catch {
    throw new HttpError(0, '');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new HttpError(res.status, body.message ?? '');
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const objectUrl = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

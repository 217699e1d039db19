/**
 * Downloads a file the API answers only to staff: fetched with the bearer token (a plain link
 * could not carry it), then saved through an object URL under the name the server gave.
 */
import { HttpError } from '../../../lib/server-error';
import { readToken } from '../../../lib/token';

export async function downloadWithToken(url: string, fallbackName: string): Promise<void> {
  const token = readToken();
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
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

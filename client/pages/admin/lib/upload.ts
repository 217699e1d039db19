/**
 * Image uploads over multipart (POST /upload/single and /upload/multiple). XMLHttpRequest rather
 * than fetch because only it reports upload progress.
 */

import { requestHeaders } from '../../../lib/request-headers';
import { HttpError } from '../../../lib/server-error';

/** Progress of each file sent, 0..1, in the order the files were given. */
export type ProgressHandler = (perFile: number[]) => void;

/**
 * Multipart sends the files one after the other, so the bytes sent so far map onto the files in
 * order: that gives one honest progress figure per file from a single request.
 */
export function perFileProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const sum = sizes.reduce((a, b) => a + b, 0);
  // The multipart envelope adds a little overhead; scale it away so the last file reaches 1.
  const sent = total > 0 ? (loaded / total) * sum : 0;
  let offset = 0;
  return sizes.map((size) => {
    const done = size === 0 ? (sent >= offset ? 1 : 0) : Math.min(1, Math.max(0, (sent - offset) / size));
    offset += size;
    return done;
  });
}

function send(url: string, field: string, files: readonly File[], onProgress: ProgressHandler): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    for (const file of files) body.append(field, file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    const sizes = files.map((f) => f.size);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(perFileProgress(sizes, event.loaded, event.total));
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // A proxy error page is not JSON; the status alone decides then.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(sizes.map(() => 1));
        resolve(json);
        return;
      }
      const message = (json as { message?: unknown } | null)?.message;
      reject(new HttpError(xhr.status, typeof message === 'string' ? message : ''));
    };
    xhr.onerror = () => reject(new HttpError(0, ''));
    xhr.send(body);
  });
}

const pathOf = (value: unknown): string => {
  const path = (value as { path?: unknown } | null)?.path;
  if (typeof path !== 'string' || path === '') throw new HttpError(0, '');
  return path;
};

export async function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const json = await send('/upload/single', 'image', [file], ([p]) => onProgress(p ?? 0));
  return pathOf(json);
}

export async function uploadImages(files: readonly File[], onProgress: ProgressHandler): Promise<string[]> {
  const json = await send('/upload/multiple', 'images', files, onProgress);
  const list = (json as { files?: unknown } | null)?.files;
  if (!Array.isArray(list)) throw new HttpError(0, '');
  return list.map(pathOf);
}

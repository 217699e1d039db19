/**
 * The most requested image variants kept in memory. An upload's name is the hash of its bytes,
 * so a stored variant never changes: nothing ever needs dropping but the least recently used.
 */
import type { StoredImage } from './service';

export interface ImageCache {
  get(key: string, load: () => Promise<StoredImage>): Promise<StoredImage>;
}

export function createImageCache(maxBytes: number): ImageCache {
  const entries = new Map<string, StoredImage>();
  let bytes = 0;
  return {
    async get(key, load) {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const image = await load();
      if (image.data.byteLength > maxBytes / 4) return image;
      // Two requests that missed at once: the first to finish stored it, count it once.
      if (entries.has(key)) return image;
      entries.set(key, image);
      bytes += image.data.byteLength;
      for (const [oldest, evicted] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= evicted.data.byteLength;
      }
      return image;
    },
  };
}

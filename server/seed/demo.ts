import type { Deps } from '../deps';

/** Demo campaigns for an empty database. Returns how many were added. */
export async function seedDemoContent(_deps: Deps): Promise<number> {
  return 0;
}

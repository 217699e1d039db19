/**
 * Waiting on a condition rather than on time: polls until the condition holds, and fails naming
 * what it waited for when it does not hold in time. An error the condition throws (a failed
 * `expect`, say) ends the wait at once.
 */

export interface WaitOptions {
  /** What is awaited, in words, for the failure message ("the backup folder to settle"). */
  what: string;
  /** How long to wait before failing; 10 seconds unless told. */
  timeoutMs?: number;
  /** How often to check; every 20 ms unless told. */
  intervalMs?: number;
}

/** Resolves with the condition's first truthy answer; rejects if none comes within `timeoutMs`. */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  { what, timeoutMs = 10_000, intervalMs = 20 }: WaitOptions,
): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await condition();
    if (value) return value;
    const waited = performance.now() - started;
    if (waited >= timeoutMs) {
      throw new Error(`Timed out after ${Math.round(waited)} ms waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, timeoutMs - waited)));
  }
}

/**
 * A wake-up call within one process: whoever has new work calls `wake()`, whoever waits for work
 * listens. It carries nothing; the listener looks for the work itself (the mail outbox's rows).
 */
export interface WakeSignal {
  wake(): void;
  /** Calls `listener` on each wake; answers a function that stops listening. */
  listen(listener: () => void): () => void;
}

export function createWakeSignal(): WakeSignal {
  const listeners = new Set<() => void>();
  return {
    wake() {
      for (const listener of listeners) listener();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

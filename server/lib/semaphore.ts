/** At most `limit` tasks run at once; the others wait their turn, first come first served. */
export interface Semaphore {
  run<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Refuses what has not started: every task still waiting, and every later one, fails with
   * `refusal()`; tasks already running finish. For a stop: queued work is not waited for.
   */
  close(refusal: () => Error): void;
}

export function createSemaphore(limit: number): Semaphore {
  let running = 0;
  let refused: (() => Error) | undefined;
  const waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next.resolve();
    else running--;
  };
  return {
    async run(task) {
      if (refused) throw refused();
      if (running < limit) running++;
      // A released slot passes straight to the next waiter, so `running` stays counted.
      else await new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
      try {
        return await task();
      } finally {
        release();
      }
    },
    close(refusal) {
      refused = refusal;
      for (const waiter of waiting.splice(0)) waiter.reject(refusal());
    },
  };
}

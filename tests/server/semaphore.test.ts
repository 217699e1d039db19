import { describe, expect, it } from 'vitest';
import { createSemaphore } from '../../server/lib/semaphore';

describe('createSemaphore', () => {
  it('runs at most `limit` tasks at once, in arrival order, and survives failures', async () => {
    const jobs = createSemaphore(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) =>
      jobs.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        if (i === 3) throw new Error('task 3 fails');
        return i;
      });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => task(i)));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    // The failed task released its slot: later work still runs.
    expect(await jobs.run(async () => 'after')).toBe('after');
  });

  it('on close, refuses the waiting tasks and later ones, and lets the running ones finish', async () => {
    const jobs = createSemaphore(1);
    let finish!: () => void;
    const running = jobs.run(() => new Promise<string>((resolve) => (finish = () => resolve('ran'))));
    const waiting = jobs.run(async () => 'should not run');
    jobs.close(() => new Error('stopping'));
    await expect(waiting).rejects.toThrow('stopping');
    await expect(jobs.run(async () => 'later')).rejects.toThrow('stopping');
    finish();
    await expect(running).resolves.toBe('ran');
  });
});

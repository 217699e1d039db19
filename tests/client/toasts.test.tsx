import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToast, type Toast, ToastProvider, useToast } from '../../client/lib/toasts';
import { SUCCESS_DELAY_MS, TOAST_LIMIT } from '../../shared/constants';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`keeps at most ${TOAST_LIMIT}, dropping the oldest`, () => {
    let list: Toast[] = [];
    for (let id = 1; id <= TOAST_LIMIT + 5; id++) list = addToast(list, { id, kind: 'info', message: `m${id}` });
    expect(list).toHaveLength(TOAST_LIMIT);
    expect(list[0]?.id).toBe(6);
    expect(list.at(-1)?.id).toBe(TOAST_LIMIT + 5);
  });

  it('announces errors as alerts and removes each toast after the delay', () => {
    let api: ReturnType<typeof useToast> | undefined;
    function Probe() {
      api = useToast();
      return null;
    }
    render(
      <ToastProvider>
        <Probe />
      </ToastProvider>,
    );
    act(() => {
      api?.error('Failed to update status');
      api?.success('Status updated successfully');
    });
    expect(screen.getByRole('alert').textContent).toContain('Failed to update status');
    expect(screen.getByRole('status').textContent).toContain('Status updated successfully');
    act(() => vi.advanceTimersByTime(SUCCESS_DELAY_MS - 1));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusSelect } from '../../../client/pages/admin/submissions/status-select';
import type { StatusType } from '../../../shared/constants';

const choicesOf = (type: StatusType, value: string) => {
  render(<StatusSelect type={type} value={value} name="Amina" disabled={false} onChange={() => {}} />);
  const select = screen.getByRole('combobox', { name: 'Status for Amina' }) as HTMLSelectElement;
  return {
    select,
    options: within(select)
      .getAllByRole('option')
      .map((o) => [o.textContent, (o as HTMLOptionElement).value]),
  };
};

describe('StatusSelect', () => {
  it.each(['volunteer', 'partner', 'advocate'] as const)('offers Pending, Approve and Reject for %s', (type) => {
    const { select, options } = choicesOf(type, 'approved');
    expect(options).toEqual([
      ['Pending', 'pending'],
      ['Approve', 'approved'],
      ['Reject', 'rejected'],
    ]);
    expect(select.value).toBe('approved');
  });

  it('offers Active and Unsubscribed for newsletter subscriptions', () => {
    const { select, options } = choicesOf('newsletter', 'unsubscribed');
    expect(options).toEqual([
      ['Active', 'active'],
      ['Unsubscribed', 'unsubscribed'],
    ]);
    expect(select.value).toBe('unsubscribed');
  });
});

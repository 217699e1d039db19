import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PledgesPanel } from '../../../client/pages/admin/giving/pledges-panel';
import { mockFetch, renderPage, trpcResult } from '../public/render';

const pledge = {
  id: 'p1',
  reference: 'ABCD2345',
  campaignId: 'c1',
  campaignTitle: 'Solar pumps for Dutse',
  name: 'Amina Bello',
  anonymous: false,
  phone: '',
  email: '',
  amount: 5000,
  receivedAmount: 0,
  outstanding: 5000,
  status: 'pending',
  createdAt: new Date().toISOString(),
};
/** pledge.list travels in a batched GET, answered as a one-element batch. */
const listReply = { body: [{ result: { data: { json: { items: [pledge], next: null } } } }] };

describe('the payment form of a pledge', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the amount with the shared schema, then records the payment', async () => {
    const fetch = mockFetch(listReply, trpcResult({ message: 'Payment recorded' }));
    renderPage('/admin/donations', <PledgesPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Record a payment for pledge ABCD2345' }));
    const form = screen.getByRole('form', { name: 'Payment for pledge ABCD2345' });
    const amount = within(form).getByLabelText('Amount received (₦)') as HTMLInputElement;
    expect(amount.value).toBe('5000');

    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Enter the amount received: a whole number of naira')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.change(amount, { target: { value: '2,000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [url, init] = fetch.mock.calls[1] ?? [];
    expect(String(url)).toMatch(/^\/trpc\/pledge\.update/);
    expect(JSON.parse(String(init?.body)).json).toMatchObject({
      id: 'p1',
      data: { status: 'confirmed', amountReceived: 2000 },
    });
  });
});

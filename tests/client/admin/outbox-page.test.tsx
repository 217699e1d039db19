import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutboxPage } from '../../../client/pages/admin/outbox/outbox-page';
import { mockFetch, renderPage, trpcResult } from '../public/render';

const at = new Date().toISOString();
const failed = {
  id: 'm1',
  to: 'amina@example.org',
  kind: 'pledge.reminder',
  subject: 'Reminder: your pledge',
  status: 'failed',
  attempts: 1,
  lastError: 'EENVELOPE: 550 no such user',
  createdAt: at,
  sentAt: null,
};
const sent = { ...failed, id: 'm2', to: 'musa@example.org', status: 'sent', lastError: null, sentAt: at };
/** A batched GET answered as a one-element batch. */
const batch = (data: unknown) => ({ body: [{ result: { data: { json: data } } }] });

describe('the outbox screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists messages, retries a failed one, and shows a message’s text', async () => {
    const fetch = mockFetch(
      batch({ items: [failed, sent], next: null }),
      trpcResult({ message: 'The message will be sent now', data: { ...failed, status: 'queued' } }),
      batch({ items: [{ ...failed, status: 'queued' }, sent], next: null }),
      batch({ ...failed, language: 'en', dueAt: at, retriedAt: null, html: '<p>Hi</p>', text: 'Hello Amina' }),
    );
    renderPage('/admin/outbox', <OutboxPage />);
    const row = (await screen.findByText('amina@example.org')).closest('tr')!;
    expect(within(row).getByText('EENVELOPE: 550 no such user')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry the message to musa@example.org now' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retry the message to amina@example.org now' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    const [url, init] = fetch.mock.calls[1] ?? [];
    expect(String(url)).toMatch(/^\/trpc\/outbox\.retry/);
    expect(JSON.parse(String(init?.body)).json).toEqual({ id: 'm1' });
    expect(await screen.findByText('The message will be sent now')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'View the message to amina@example.org' }));
    expect(await screen.findByText('Hello Amina')).toBeTruthy();
    expect(screen.getByText('Message to amina@example.org').tagName).toBe('H2');
  });
});

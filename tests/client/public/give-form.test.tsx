import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GiveForm from '../../../client/pages/public/campaign/give-form';
import { mockFetch, renderPage, trpcFailure, trpcResult } from './render';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Get my payment reference' }));
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

/** What the page sent to pledge.create (httpLink posts the input as superjson). */
const sentInput = (fetch: ReturnType<typeof mockFetch>) =>
  (JSON.parse(String(fetch.mock.calls[0]?.[1]?.body)) as { json: Record<string, unknown> }).json;

describe('the give form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is checked by the shared schema before anything is sent, with the error tied to its field', async () => {
    const fetch = mockFetch();
    renderPage('/campaign/c1', <GiveForm campaignId="c1" refused={false} />);
    submit();
    const name = screen.getByLabelText('Your name');
    // The first check imports the schema (zod, libphonenumber), which may take a moment on a busy machine.
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'), { timeout: 5000 });
    expect(describedText(name)).toBe('Please enter your name or choose to give anonymously');
    // The labels are the catalogue's own: no extra required or optional marks.
    expect(screen.getByLabelText('Phone (optional)')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    // Giving anonymously clears the name's error at once.
    fireEvent.click(screen.getByLabelText('Give anonymously'));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull());
  });

  it('sends the amount typed under Other and opens the pledge page', async () => {
    const fetch = mockFetch(trpcResult({ message: 'Pledge recorded', data: { reference: 'ABCD2345' } }));
    renderPage('/campaign/c1', <GiveForm campaignId="c1" refused={false} />, ['/pledge/ABCD2345']);
    // The field for another amount appears once Other is chosen.
    expect(screen.queryByRole('textbox', { name: 'Other amount (₦)' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    const other = screen.getByLabelText('Other amount (₦)');
    fireEvent.change(other, { target: { value: '2,500' } });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Other' }).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Give anonymously'));
    fireEvent.change(screen.getByLabelText('Phone (optional)'), { target: { value: '0803 123 4567' } });
    submit();
    expect(await screen.findByText('page /pledge/ABCD2345')).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^\/trpc\/pledge\.create/);
    expect(sentInput(fetch)).toMatchObject({
      campaignId: 'c1',
      amount: 2500,
      anonymous: true,
      phone: '+2348031234567',
    });
  });

  it('says in words that a reference needs the server, and sends again on Retry', async () => {
    const fetch = mockFetch(
      new TypeError('Failed to fetch'),
      trpcResult({ message: 'Pledge recorded', data: { reference: 'ABCD2345' } }),
    );
    renderPage('/campaign/c1', <GiveForm campaignId="c1" refused={false} />, ['/pledge/ABCD2345']);
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Amina Bello' } });
    submit();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain(
      'A pledge needs a payment reference from our server, so you can make one once you are back online.',
    );
    expect(alert.textContent).not.toContain('Failed to fetch');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('page /pledge/ABCD2345')).toBeTruthy();
    expect(String(fetch.mock.calls[1]?.[0])).toMatch(/^\/trpc\/pledge\.create/);
  });

  it('marks the fields the server refused and says why above the button', async () => {
    mockFetch(
      trpcFailure(400, 'Please enter a valid email address', [
        { path: 'email', message: 'Please enter a valid email address' },
      ]),
    );
    renderPage('/campaign/c1', <GiveForm campaignId="c1" refused={false} />);
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Amina Bello' } });
    fireEvent.change(screen.getByLabelText('Email (optional)'), { target: { value: 'amina@example.org' } });
    submit();
    const email = screen.getByLabelText('Email (optional)');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(email)).toBe('Please enter a valid email address');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
  });
});

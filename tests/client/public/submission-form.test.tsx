import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VolunteerFormPage } from '../../../client/pages/public/forms/volunteer-form-page';
import { SUCCESS_DELAY_MS } from '../../../shared/constants';
import { mockFetch, renderPage, trpcFailure, trpcResult } from './render';

const success = trpcResult({ message: 'Application submitted successfully! We will contact you soon.', data: {} });

/** Labels carry a visual " *" that assistive tech skips; match on the words. */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[?]/g, '\\$&')}`));

function fillVolunteerForm() {
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  type('First name', 'Aisha');
  type('Last name', 'Bello');
  type('Email address', 'aisha@example.com');
  type('Phone number', '08035550101');
  fireEvent.click(screen.getByLabelText('Health Outreach'));
  fireEvent.click(screen.getByLabelText('Weekends'));
  type('Why do you want to volunteer?', 'To help at outreach days.');
}

const submitButton = () => screen.getByRole('button', { name: /submit application|sending/i });

describe('the shared submission form (volunteer form)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the required-fields summary and field errors tied to their inputs, without sending', async () => {
    const fetch = mockFetch();
    renderPage('/volunteer-form', <VolunteerFormPage />);
    fireEvent.click(submitButton());

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveProperty('textContent', 'Please fill in all required fields'),
    );
    const firstName = field('First name');
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    const errorId = firstName.getAttribute('aria-describedby');
    expect(errorId && document.getElementById(errorId)?.textContent).toBe('This field is required');
    const interests = screen.getByRole('group', { name: /Areas of interest/ });
    expect(interests.getAttribute('aria-describedby')).toContain('-interests-error');
    expect(screen.getByText('Please choose at least one option')).toBeTruthy();
    // The optional fields carry no error.
    expect(field('Occupation').getAttribute('aria-invalid')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends once however often it is submitted, resets, and redirects after the success delay', async () => {
    const fetch = mockFetch(success);
    renderPage('/volunteer-form', <VolunteerFormPage />, ['/volunteer']);
    fillVolunteerForm();
    const form = submitButton().closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.click(submitButton());

    await screen.findByText('Application submitted successfully! We will contact you soon.');
    expect(fetch).toHaveBeenCalledTimes(1);
    const body = JSON.parse(String(fetch.mock.calls[0]?.[1]?.body)) as { json: Record<string, unknown> };
    expect(body.json).toMatchObject({ firstName: 'Aisha', interests: ['Health Outreach'], availability: 'Weekends' });
    expect((field('First name') as HTMLInputElement).value).toBe('');

    act(() => vi.advanceTimersByTime(SUCCESS_DELAY_MS - 100));
    expect(screen.queryByText('page /volunteer')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    await screen.findByText('page /volunteer');
  });

  it('shows the server message in a toast and the server field errors next to the fields', async () => {
    mockFetch(
      trpcFailure(400, 'Please enter a valid email address', [
        { path: 'email', message: 'Please enter a valid email address' },
      ]),
    );
    renderPage('/volunteer-form', <VolunteerFormPage />);
    fillVolunteerForm();
    fireEvent.click(submitButton());

    await waitFor(() => expect(field('Email address').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Please enter a valid email address').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('Registration failed')).toBeTruthy();
    expect((field('First name') as HTMLInputElement).value).toBe('Aisha');
    expect(submitButton().hasAttribute('disabled')).toBe(false);
  });

  it('falls back to the spec text when no server answer arrives', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    renderPage('/volunteer-form', <VolunteerFormPage />);
    fillVolunteerForm();
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(screen.getAllByText('Failed to submit form. Please try again.').length).toBeGreaterThan(0),
    );
  });

  it('gives the filled form one clientId, sent again with it on Retry, and a new one once changed', async () => {
    const fetch = mockFetch(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), success);
    renderPage('/volunteer-form', <VolunteerFormPage />);
    fillVolunteerForm();
    fireEvent.click(submitButton());
    // Where the browser cannot keep the form (no IndexedDB here) it offers to send again.
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await screen.findByRole('button', { name: 'Retry' });
    fireEvent.change(field('Last name'), { target: { value: 'Bello-Musa' } });
    fireEvent.click(submitButton());
    await screen.findByText('Application submitted successfully! We will contact you soon.');
    const ids = fetch.mock.calls.map(
      ([, init]) => (JSON.parse(String(init?.body)) as { json: { clientId: string } }).json.clientId,
    );
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('keeps the honeypot out of reach of people and assistive tech', () => {
    mockFetch();
    const { container } = renderPage('/volunteer-form', <VolunteerFormPage />);
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.autocomplete).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});

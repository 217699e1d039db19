/**
 * A visitor on a slow phone fills the server's form before its script has run: what was typed,
 * ticked and chosen is still there once the page hydrates, and is what the form sends.
 */
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { AppProviders } from '../../../client/app-providers';
import { VolunteerFormPage } from '../../../client/pages/public/forms/volunteer-form-page';
import { mockFetch, trpcResult } from './render';

function page() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // The page's address as the server renders it; the same on hydration, so the markup matches.
  return (
    <AppProviders queryClient={queryClient}>
      <Router ssrPath="/volunteer-form" ssrSearch="">
        <VolunteerFormPage />
      </Router>
    </AppProviders>
  );
}

const input = (container: HTMLElement, label: string) => {
  const found = [...container.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
  return container.ownerDocument.getElementById(found?.htmlFor ?? '') as HTMLInputElement;
};

describe('a form filled before the page hydrates', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the text, the ticked boxes and the chosen radio, and sends them', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(page());
    // The visitor's edits, made on the server's markup before any script ran.
    const type = (label: string, value: string) => {
      input(container, label).value = value;
    };
    type('First name', 'Aisha');
    type('Last name', 'Bello');
    type('Email address', 'aisha@example.com');
    type('Phone number', '08035550101');
    type('Why do you want to volunteer?', 'To help at outreach days.');
    input(container, 'Health Outreach').checked = true;
    input(container, 'Weekends').checked = true;

    render(page(), { container, hydrate: true });
    const weekends = screen.getByLabelText('Weekends') as HTMLInputElement;
    expect(weekends.checked).toBe(true);
    expect((screen.getByLabelText('Health Outreach') as HTMLInputElement).checked).toBe(true);

    const fetch = mockFetch(trpcResult({ message: 'Application submitted successfully! We will contact you soon.' }));
    fireEvent.click(screen.getByRole('button', { name: /submit application/i }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const body = String(fetch.mock.calls[0]?.[1]?.body);
    expect(body).toContain('"availability":"Weekends"');
    expect(body).toContain('"interests":["Health Outreach"]');
    expect(body).toContain('"firstName":"Aisha"');
    container.remove();
  });
});

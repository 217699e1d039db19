/** The "Email alerts" section of My account: only the kinds the role receives, saved through alerts.update. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsForm } from '../../../client/pages/admin/account/alerts-form';
import type { Role } from '../../../shared/roles';
import { renderPage } from '../public/render';

const data = (json: unknown) => ({ result: { data: { json } } });

/** Answers each tRPC procedure by name, batched or not, and records what was sent to alerts.update. */
function serve(role: Role, settings: { submissions: string; giving: string }) {
  const updates: unknown[] = [];
  const answers: Record<string, (input: unknown) => unknown> = {
    'auth.verify': () => ({
      message: 'Token is valid',
      email: 'a@example.org',
      id: 'x',
      name: '',
      role,
      mustChangePassword: false,
    }),
    'alerts.get': () => settings,
    'alerts.update': (input) => {
      updates.push(input);
      return input;
    },
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const names = url.pathname.replace('/trpc/', '').split(',');
    const bodies = init?.body ? JSON.parse(String(init.body)) : {};
    const replies = names.map((name, i) =>
      data(answers[name]!(url.searchParams.has('batch') ? bodies[i]?.json : bodies.json)),
    );
    const body = url.searchParams.has('batch') ? replies : replies[0];
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return updates;
}

describe('the email alerts of My account', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows both kinds to an admin and saves the choice', async () => {
    const updates = serve('admin', { submissions: 'daily', giving: 'daily' });
    renderPage('/admin/account', <AlertsForm />);
    const submissions = await screen.findByRole('group', { name: 'New submissions' });
    expect(screen.getByRole('group', { name: 'Pledges and unmatched credits' })).toBeTruthy();
    expect(screen.getAllByLabelText('Each one, as it arrives')).toHaveLength(2);
    expect(screen.getAllByLabelText('A daily summary at 07:00 (Lagos time)')).toHaveLength(2);
    const each = submissions.querySelector<HTMLInputElement>('input[value="each"]')!;
    expect(submissions.querySelector<HTMLInputElement>('input[value="daily"]')!.checked).toBe(true);
    fireEvent.click(each);
    fireEvent.click(screen.getByRole('button', { name: 'Save alerts' }));
    await waitFor(() => expect(updates).toEqual([{ submissions: 'each', giving: 'daily' }]));
    expect(await screen.findByText('Your email alerts are saved.')).toBeTruthy();
  });

  it('hides the giving choice from a reviewer and sends the stored one back', async () => {
    const updates = serve('reviewer', { submissions: 'each', giving: 'none' });
    renderPage('/admin/account', <AlertsForm />);
    const submissions = await screen.findByRole('group', { name: 'New submissions' });
    expect(screen.queryByRole('group', { name: 'Pledges and unmatched credits' })).toBeNull();
    fireEvent.click(submissions.querySelector<HTMLInputElement>('input[value="none"]')!);
    fireEvent.click(screen.getByRole('button', { name: 'Save alerts' }));
    await waitFor(() => expect(updates).toEqual([{ submissions: 'none', giving: 'none' }]));
  });

  it('tells an editor there is nothing to choose', async () => {
    serve('editor', { submissions: 'daily', giving: 'daily' });
    renderPage('/admin/account', <AlertsForm />);
    expect(await screen.findByText('Your role receives no email alerts.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save alerts' })).toBeNull();
  });
});

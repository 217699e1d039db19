import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SupporterWall } from '../../../client/pages/public/campaign/supporter-wall';
import { mockFetch, renderPage, trpcResult } from './render';

const CAMPAIGN = '0190a7c2-0000-7000-8000-000000000001';

describe('the supporter wall', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what was given before online records, never "be the first", when the total came from before', async () => {
    mockFetch(trpcResult({ items: [], givenBefore: 3_850_000 }));
    renderPage('/campaign/c1', <SupporterWall campaignId={CAMPAIGN} raised={3_850_000} />);
    expect(await screen.findByText('₦3,850,000 given before online records')).toBeTruthy();
    expect(screen.queryByText('Be the first to support this campaign.')).toBeNull();
  });

  it('lists the gifts with the line for what came before them', async () => {
    mockFetch(
      trpcResult({
        items: [{ id: 'g1', name: null, amount: 5_000, receivedOn: '2026-11-20' }],
        givenBefore: 20_000,
      }),
    );
    renderPage('/campaign/c1', <SupporterWall campaignId={CAMPAIGN} raised={25_000} />);
    expect(await screen.findByText('Anonymous supporter')).toBeTruthy();
    expect(screen.getByText('₦20,000 given before online records')).toBeTruthy();
  });

  it('asks for the first supporter only when nothing at all is raised', async () => {
    mockFetch(trpcResult({ items: [], givenBefore: 0 }));
    renderPage('/campaign/c1', <SupporterWall campaignId={CAMPAIGN} raised={0} />);
    expect(await screen.findByText('Be the first to support this campaign.')).toBeTruthy();
  });

  it('says in words when the supporters could not be fetched, with Retry', async () => {
    mockFetch(new TypeError('Failed to fetch'), trpcResult({ items: [], givenBefore: 0 }));
    renderPage('/campaign/c1', <SupporterWall campaignId={CAMPAIGN} raised={0} />);
    // The first call also loads the transport's code, which may take a moment on a busy machine.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('We could not reach the site.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Be the first to support this campaign.')).toBeTruthy();
  });
});

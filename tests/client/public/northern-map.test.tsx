import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MapStates } from '../../../client/pages/public/home/map-states';
import NorthernMap from '../../../client/pages/public/home/northern-map';
import { CAMPAIGN_LOCATIONS } from '../../../shared/constants';
import { mockFetch, renderPage } from './render';

describe('the Northern Nigeria map', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links every northern state to its campaigns with its count in the accessible name', async () => {
    // countByLocation travels in a batched GET, answered as a one-element batch.
    mockFetch({ body: [{ result: { data: { json: { Kano: 2, Borno: 1 } } } }] });
    const { container } = renderPage(
      '/',
      <figure>
        <NorthernMap />
        <MapStates />
      </figure>,
    );

    await waitFor(() => expect(container.querySelectorAll('svg a[aria-label="Kano: 2 campaigns"]')).toHaveLength(1));
    const kano = container.querySelector('svg a[aria-label="Kano: 2 campaigns"]');
    expect(kano?.getAttribute('href')).toBe('/campaigns?location=Kano');
    // The chips' names start with what they show (Label in Name): 'Kano 2' is read 'Kano 2 campaigns'.
    // The count is read once, from the message (Hausa puts it after the noun: 'Kano gangamai 2').
    const chip = screen.getByRole('link', { name: 'Kano 2 campaigns' });
    expect(chip.querySelector('.chip__count')?.textContent).toBe('2');
    expect(chip.getAttribute('href')).toBe('/campaigns?location=Kano');
    expect(screen.getByRole('link', { name: 'Borno 1 campaign' })).toBeTruthy();
    expect(container.querySelector('a[aria-label="Borno: 1 campaign"]')).not.toBeNull();
    // The package spells it Nassarawa; the spec's Nasarawa must still be on the map.
    expect(container.querySelector('svg a[aria-label="Nasarawa: 0 campaigns"]')).not.toBeNull();
    expect(container.querySelectorAll('svg a')).toHaveLength(CAMPAIGN_LOCATIONS.length);
    // Southern states are drawn but not links.
    expect(container.querySelectorAll('svg path').length).toBe(37);
    expect(screen.getByText('Map: @svg-maps/nigeria, CC BY 4.0')).toBeTruthy();
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CampaignCard, type CampaignSummary } from '../../../client/components/campaign-card';
import { PLACEHOLDER_IMAGE } from '../../../shared/constants';

const campaign: CampaignSummary = {
  _id: 'c-42',
  title: 'Clean water for Gezawa',
  shortDescription: 'Three boreholes for 4,500 people.',
  image: '/api/uploads/abc.jpg',
  location: 'Kano',
  category: 'Water',
  amountRaised: 3_000_000,
  target: 2_000_000,
};

function renderCard(overrides: Partial<CampaignSummary> = {}) {
  return render(<CampaignCard campaign={{ ...campaign, ...overrides }} />);
}

describe('CampaignCard', () => {
  it('shows naira amounts, a bar capped at 100% and the uncapped rounded percentage', () => {
    const { container } = renderCard();
    expect(screen.getByText('₦3,000,000')).toBeTruthy();
    expect(screen.getByText(/₦2,000,000/)).toBeTruthy();
    expect(container.querySelector<HTMLElement>('.progress__fill')?.style.width).toBe('100%');
    expect(screen.getByText('150%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('150% funded');
  });

  it('rounds the label and sizes the bar by the real ratio below the target', () => {
    const { container } = renderCard({ amountRaised: 333_333, target: 1_000_000 });
    expect(screen.getByText('33%')).toBeTruthy();
    expect(container.querySelector<HTMLElement>('.progress__fill')?.style.width).toBe('33.3333%');
  });

  it('links the image, the title and the Donate now button to the campaign page', () => {
    const { container } = renderCard();
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/campaign/c-42', '/campaign/c-42', '/campaign/c-42']);
    const article = screen.getByRole('article');
    expect(within(article).getByRole('link', { name: 'Clean water for Gezawa' })).toBeTruthy();
    expect(within(article).getByRole('link', { name: /Donate now/ })).toBeTruthy();
  });

  it('loads the image lazily with width variants, fixed dimensions and the placeholder on error', () => {
    const { container } = renderCard();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('srcset')).toContain('/api/uploads/abc.jpg?w=640 640w');
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('height')).toBe('400');
    img.dispatchEvent(new Event('error'));
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(container.querySelector('img')?.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
        expect(container.querySelector('img')?.hasAttribute('srcset')).toBe(false);
        resolve();
      }),
    );
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CampaignGrid } from '../../../client/components/campaign-grid';

const renderGrid = (props: Partial<Parameters<typeof CampaignGrid>[0]>) => {
  const element = (
    <CampaignGrid campaigns={undefined} isLoading={false} isError={false} onRetry={() => {}} {...props} />
  );
  return render(element);
};

describe('CampaignGrid states', () => {
  it('shows skeletons and a spoken loading status while loading', () => {
    const { container } = renderGrid({ isLoading: true, skeletons: 3 });
    expect(container.querySelectorAll('.campaign-card--skeleton')).toHaveLength(3);
    expect(screen.getByRole('status').textContent).toBe('Loading campaigns…');
  });

  it('shows the spec error text with a Retry button that retries', () => {
    const onRetry = vi.fn();
    renderGrid({ isError: true, onRetry });
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch campaigns. Please try again later.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says so when there are no campaigns', () => {
    renderGrid({ campaigns: [] });
    expect(screen.getByText('No campaigns yet. Please check back soon.')).toBeTruthy();
  });
});

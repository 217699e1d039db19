import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CampaignTable } from '../../../client/pages/admin/campaigns/campaign-table';
import type { Campaign } from '../../../shared/schemas/campaign';

const campaign = (id: string, overrides: Partial<Campaign>): Campaign =>
  ({
    _id: id,
    title: `Campaign ${id}`,
    titleHa: '',
    shortDescription: '',
    shortDescriptionHa: '',
    description: 'Boreholes.',
    descriptionHa: '',
    overview: {
      mainText: '',
      challengeText: '',
      solutionText: '',
      impactText: '',
      mainTextHa: '',
      challengeTextHa: '',
      solutionTextHa: '',
      impactTextHa: '',
    },
    updates: [],
    image: '/api/uploads/a.webp',
    galleryImages: [],
    target: 1_000_000,
    amountRaised: 0,
    location: 'Kano',
    category: 'Water',
    ...overrides,
  }) as Campaign;

describe('CampaignTable', () => {
  it('marks the campaigns with texts still in English only, saying how many are in Hausa', () => {
    render(
      <CampaignTable
        campaigns={[
          campaign('a', { titleHa: 'Gangami a', descriptionHa: 'Rijiyoyi.' }),
          campaign('b', { titleHa: 'Gangami b' }),
          campaign('c', {
            titleHa: 'Gangami c',
            descriptionHa: 'Rijiyoyi.',
            updates: [{ _id: 'u', date: '2026-10-01', content: 'Survey finished.', contentHa: '' }],
          }),
        ]}
        onDelete={() => {}}
      />,
    );
    const row = (title: string) => screen.getByRole('rowheader', { name: new RegExp(`^${title}`) });
    expect(within(row('Campaign a')).queryByTestId('hausa-missing')).toBeNull();
    expect(row('Campaign b').textContent).toBe('Campaign b Hausa: 1 of 2 texts');
    expect(within(row('Campaign c')).getByTestId('hausa-missing').textContent).toBe('Hausa: 2 of 3 texts');
  });
});

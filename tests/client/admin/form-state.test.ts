import { describe, expect, it } from 'vitest';
import { emptyForm, formFromCampaign, inputFromForm } from '../../../client/pages/admin/campaigns/form-state';
import { type Campaign, campaignInput } from '../../../shared/schemas/campaign';

const campaign: Campaign = {
  _id: 'c1',
  title: 'Clean water',
  description: 'Boreholes.',
  shortDescription: '',
  overview: { mainText: 'Main', challengeText: '', solutionText: '', impactText: '' },
  updates: [{ _id: 'u1', date: '2026-10-01', content: 'Survey finished.' }],
  image: '/images/placeholder-campaign.svg',
  galleryImages: ['/api/uploads/a.webp', 'https://example.org/b.jpg'],
  target: 2_000_000,
  amountRaised: 500_000,
  supporters: 12,
  status: 'active',
  location: 'Kano',
  category: null,
  endDate: null,
  impact: '',
  accountName: 'Foundation account',
  accountNumber: '0123456789',
  bankName: 'United Bank for Africa',
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
};

describe('campaign form state', () => {
  it('loads a campaign: numbers as text, no placeholder image, default bank fields empty', () => {
    const form = formFromCampaign(campaign, {
      accountName: 'Foundation account',
      accountNumber: '9999999999',
      bankName: 'United Bank for Africa',
    });
    expect(form).toMatchObject({
      target: '2000000',
      amountRaised: '500000',
      image: '',
      galleryImages: campaign.galleryImages,
      category: '',
      endDate: '',
      accountName: '',
      accountNumber: '0123456789',
      bankName: '',
    });
    expect(form.updates.map(({ date, content }) => ({ date, content }))).toEqual([
      { date: '2026-10-01', content: 'Survey finished.' },
    ]);
  });

  it('saves with supporters 0 and status active, dropping blank update rows', () => {
    const form = { ...formFromCampaign(campaign), image: '/api/uploads/main.webp' };
    form.updates = [...form.updates, { key: 'blank', date: '', content: '  ' }];
    const parsed = campaignInput.parse(inputFromForm(form));
    expect(parsed).toMatchObject({
      supporters: 0,
      status: 'active',
      target: 2_000_000,
      image: '/api/uploads/main.webp',
    });
    expect(parsed.updates).toEqual([{ date: '2026-10-01', content: 'Survey finished.' }]);
  });

  it('starts empty for a new campaign', () => {
    expect(campaignInput.safeParse(inputFromForm(emptyForm())).success).toBe(false);
  });
});

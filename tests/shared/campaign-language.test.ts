import { describe, expect, it } from 'vitest';
import { campaignTexts, hausaProgress, lacksHausa } from '../../shared/campaign-language';

const english = {
  title: 'Borehole in Gezawa',
  shortDescription: 'Clean water.',
  description: 'A borehole.',
  overview: {
    mainText: 'Water is far.',
    challengeText: '',
    solutionText: ' ',
    impactText: '2,000 people.',
    mainTextHa: '',
    challengeTextHa: '',
    solutionTextHa: '',
    impactTextHa: '',
  },
  updates: [
    { _id: 'u1', date: '2026-11-01', content: 'Drilling started.', contentHa: '' },
    { _id: 'u2', date: '2026-11-02', content: 'Pump installed.', contentHa: '' },
  ],
};

describe('how much of a campaign is in Hausa', () => {
  it('counts each text written in English once, each update too, and what is missing in the page order', () => {
    expect(hausaProgress(english)).toEqual({
      total: 7,
      done: 0,
      missing: ['title', 'shortDescription', 'description', 'mainText', 'impactText', 'updates'],
    });
    const some = {
      ...english,
      titleHa: 'Rijiyar burtsatse a Gezawa',
      descriptionHa: '  ',
      overview: { ...english.overview, impactTextHa: 'Mutane 2,000.' },
      updates: [english.updates[0]!, { ...english.updates[1]!, contentHa: 'An sanya famfo.' }],
    };
    expect(hausaProgress(some)).toEqual({
      total: 7,
      done: 3,
      missing: ['shortDescription', 'description', 'mainText', 'updates'],
    });
  });

  it('takes a form still being filled, with texts missing or null', () => {
    expect(hausaProgress({})).toEqual({ total: 0, done: 0, missing: [] });
    expect(hausaProgress({ title: 'A', titleHa: null, overview: null, updates: [{}] })).toEqual({
      total: 1,
      done: 0,
      missing: ['title'],
    });
    expect(lacksHausa({})).toBe(false);
    expect(lacksHausa({ title: 'A', titleHa: 'B' })).toBe(false);
    expect(lacksHausa({ title: 'A', titleHa: 'B', updates: [{ content: 'C' }] })).toBe(true);
  });

  it('agrees with the Hausa page on what stands in English', () => {
    const partly = { ...english, titleHa: 'Rijiya', shortDescriptionHa: 'Ruwa.' };
    const texts = campaignTexts(partly, 'ha');
    expect(new Set(hausaProgress(partly).missing)).toEqual(texts.inEnglish);
    expect(campaignTexts(partly, 'en').inEnglish.size).toBe(0);
  });
});

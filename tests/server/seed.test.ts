import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../server/seed/demo';
import { DEMO_CAMPAIGNS } from '../../server/seed/demo-campaigns';
import { hausaProgress } from '../../shared/campaign-language';
import { CAMPAIGN_CATEGORIES } from '../../shared/constants';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';

describe.each(testDatabases())('demo content on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('fills an empty database once, with served images', async () => {
    const added = await seedDemoContent(t.deps);
    expect(added).toBe(DEMO_CAMPAIGNS.length);
    expect(added).toBeGreaterThanOrEqual(6);

    const campaigns = await t.publicCaller.campaign.list({});
    expect(campaigns).toHaveLength(added);
    expect(new Set(campaigns.map((c) => c.category))).toEqual(new Set(CAMPAIGN_CATEGORIES));
    expect(campaigns.some((c) => c.amountRaised > c.target)).toBe(true);
    expect(campaigns.some((c) => c.amountRaised < c.target)).toBe(true);
    expect(new Set(campaigns.map((c) => c.createdAt.slice(0, 7))).size).toBeGreaterThan(1);

    for (const campaign of campaigns) {
      expect(campaign.updates.length).toBeGreaterThanOrEqual(1);
      expect(campaign.galleryImages.length).toBeGreaterThanOrEqual(1);
      for (const update of campaign.updates) expect(update.date <= new Date().toISOString().slice(0, 10)).toBe(true);
      for (const path of [campaign.image, ...campaign.galleryImages]) {
        const res = await t.app.inject({ method: 'GET', url: path });
        expect(res.statusCode, path).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
      }
    }

    expect(await seedDemoContent(t.deps)).toBe(0);
    expect(await t.publicCaller.campaign.list({})).toHaveLength(added);
    // Every demo photo is encoded at each width in WebP and AVIF: seconds of sharp's work each.
  }, 90_000);

  it('writes every text of the demo campaigns in Hausa too', async () => {
    const campaigns = await t.publicCaller.campaign.list({});
    expect(campaigns.length).toBeGreaterThanOrEqual(6);
    for (const campaign of campaigns) {
      // Title, summary, description, the four overview texts and each update: all in both languages.
      expect(hausaProgress(campaign), campaign.title).toEqual({
        total: 7 + campaign.updates.length,
        done: 7 + campaign.updates.length,
        missing: [],
      });
      const hausa = [
        campaign.titleHa,
        campaign.shortDescriptionHa,
        campaign.descriptionHa,
        campaign.overview.mainTextHa,
        campaign.overview.challengeTextHa,
        campaign.overview.solutionTextHa,
        campaign.overview.impactTextHa,
        ...campaign.updates.map((update) => update.contentHa),
      ];
      expect(campaign.titleHa).not.toBe(campaign.title);
      for (const text of hausa) {
        // Nigerian Hausa: the hooked letters, never b' d' k' in their place, and 'yan rather than Niger's ƴ.
        expect(text, text).not.toMatch(/[bdk]'|ƴ|Ƴ/i);
      }
      // The numbered steps stay numbered as in the English, so the page lists them the same way.
      for (const field of ['solutionText', 'challengeText', 'mainText', 'impactText'] as const) {
        const steps = (text: string) => text.split('\n').filter((line) => /^\d+\. /.test(line)).length;
        expect(steps(campaign.overview[`${field}Ha`]), field).toBe(steps(campaign.overview[field]));
      }
    }
    expect(campaigns.map((c) => c.titleHa).join(' ')).toMatch(/[ɓɗƙ]/);
  });
});

/**
 * Campaign texts in Hausa on the server's pages: a card and a campaign page say "not yet in Hausa"
 * for the same campaigns, those with a text written in English only; a campaign written in both
 * languages reads in Hausa without the note, and English pages never show it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../client/entry-server';
import { t } from '../../shared/messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { builtClient } from '../helpers/built-client';
import { testDatabases } from '../helpers/databases';
import { campaignPayload } from '../helpers/fixtures';

const PAGE = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** The campaign cards of a rendered page, by the campaign each links to. */
function cards(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const card of html.split('<article class="campaign-card">').slice(1)) {
    const id = /href="\/campaign\/([^"?]+)/.exec(card)?.[1];
    if (id) found.set(decodeURIComponent(id), card.slice(0, card.indexOf('</article>')));
  }
  return found;
}

describe.each(testDatabases())('campaigns in Hausa on %s', (kind) => {
  let app: TestApp;
  let inHausa: string;
  let partly: string;
  let englishOnly: string;
  const page = (url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers: { ...PAGE, ...headers } });
  const note = t('language.notYetInHausa', undefined, 'ha');

  beforeAll(async () => {
    app = await createTestApp(kind, { staticDir: builtClient(), renderer });
    const create = async (overrides: Parameters<typeof campaignPayload>[0]) =>
      (await app.adminCaller.campaign.create(campaignPayload(overrides)))._id;
    inHausa = await create({
      title: 'Borehole in Gezawa',
      titleHa: 'Rijiyar burtsatse a Gezawa',
      shortDescription: 'Clean water for 2,000 people.',
      shortDescriptionHa: 'Ruwa mai tsafta ga mutane 2,000.',
      description: 'A borehole with a solar pump.',
      descriptionHa: 'Rijiyar burtsatse mai famfo mai amfani da hasken rana.',
      overview: {
        mainText: 'Water is far away.',
        mainTextHa: 'Ruwa yana da nisa.',
        challengeText: '',
        solutionText: 'Drill a borehole.',
        solutionTextHa: 'Haƙa rijiyar burtsatse.',
        impactText: '',
      },
      updates: [{ date: '2026-11-01', content: 'Drilling started.', contentHa: 'An fara haƙa.' }],
    });
    // Its card's own texts are in Hausa; one update is not yet.
    partly = await create({
      title: 'Clinic in Dutse',
      titleHa: 'Asibiti a Dutse',
      shortDescription: 'A clinic.',
      shortDescriptionHa: 'Asibiti.',
      description: 'A clinic for Dutse.',
      descriptionHa: 'Asibiti ga Dutse.',
      overview: {},
      updates: [{ date: '2026-11-01', content: 'The roof is on.' }],
    });
    englishOnly = await create({ title: 'Classrooms in Hadejia' });
  });
  afterAll(() => app.close());

  it('notes on a Hausa card, as on its page, a campaign with texts in English only', async () => {
    const html = (await page('/campaigns?lang=ha')).body;
    const shown = cards(html);
    expect([...shown.keys()].sort()).toEqual([inHausa, partly, englishOnly].sort());
    expect(shown.get(inHausa)).toContain('Rijiyar burtsatse a Gezawa');
    expect(shown.get(inHausa)).not.toContain(note);
    expect(shown.get(partly)).toContain('Asibiti a Dutse');
    expect(shown.get(partly)).toContain(`<p class="campaign-card__language-note">${note}</p>`);
    expect(shown.get(englishOnly)).toMatch(/<h2 class="campaign-card__title" lang="en">/);
    expect(shown.get(englishOnly)).toContain(note);

    for (const [id, noted] of [
      [inHausa, false],
      [partly, true],
      [englishOnly, true],
    ] as const) {
      const campaign = (await page(`/campaign/${id}?lang=ha`)).body;
      expect(campaign.includes(note), id).toBe(noted);
    }
  });

  it('shows no note on English pages', async () => {
    const html = (await page('/campaigns')).body;
    expect(cards(html).size).toBe(3);
    expect(html).not.toContain('campaign-card__language-note');
    expect(html).not.toContain(t('language.notYetInHausa', undefined, 'en'));
  });
});

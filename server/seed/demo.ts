/**
 * Demo content for an empty database: realistic campaigns whose pictures go through the same
 * upload pipeline as an admin's, so the first look at the site shows it working end to end.
 */
import { campaignInput } from '../../shared/schemas/campaign';
import { SYSTEM } from '../audit/audit';
import { createCampaign } from '../campaigns/service';
import type { Deps } from '../deps';
import { storeImage } from '../uploads/service';
import { DEMO_CAMPAIGNS, type DemoCampaign } from './demo-campaigns';
import { renderScene } from './demo-images';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

async function seedCampaign(deps: Deps, demo: DemoCampaign): Promise<void> {
  const paths: string[] = [];
  for (const mood of demo.moods) paths.push((await storeImage(deps, await renderScene(demo.scene, mood), SYSTEM)).path);
  const [image, ...galleryImages] = paths;
  const startedAt = new Date(deps.now().getTime() - demo.startedDaysAgo * DAY_MS);
  const daysAfterStart = (days: number) => isoDate(new Date(startedAt.getTime() + days * DAY_MS));
  const data = campaignInput.parse({
    title: demo.title,
    titleHa: demo.titleHa,
    description: demo.description,
    descriptionHa: demo.descriptionHa,
    shortDescription: demo.shortDescription,
    shortDescriptionHa: demo.shortDescriptionHa,
    overview: demo.overview,
    updates: demo.updates.map((u) => ({
      date: daysAfterStart(u.daysAfterStart),
      content: u.content,
      contentHa: u.contentHa,
    })),
    image,
    galleryImages,
    target: demo.target,
    amountRaised: demo.amountRaised,
    location: demo.location,
    category: demo.category,
    endDate: demo.runsForDays === undefined ? null : daysAfterStart(demo.runsForDays),
    impact: demo.impact,
  });
  // Created "back then", so the campaign list and the dashboard's monthly figures look lived-in.
  await createCampaign({ ...deps, now: () => startedAt }, data, SYSTEM);
}

/**
 * Demo campaigns, in English and Hausa, for an empty database. Returns how many were added. A
 * database that has campaigns is left as it is, staff's edits and all.
 */
export async function seedDemoContent(deps: Deps): Promise<number> {
  const existing = await deps.db.selectFrom('campaigns').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;
  for (const demo of DEMO_CAMPAIGNS) await seedCampaign(deps, demo);
  return DEMO_CAMPAIGNS.length;
}

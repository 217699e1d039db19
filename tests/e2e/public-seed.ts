/**
 * Campaigns for the public browser tests, prepared through the REST API with real uploaded images
 * (so width variants and srcset are exercised). Not a test file itself.
 */
import sharp from 'sharp';
import { api, createCampaign } from './support/api';

/** A small landscape picture in one of the brand-ish colours, distinct per call. */
async function picture(colour: string): Promise<Blob> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="750">
    <rect width="100%" height="100%" fill="${colour}"/>
    <circle cx="860" cy="220" r="130" fill="#FFD02F"/>
    <path d="M0 560 Q 300 440 600 540 T 1200 520 V 750 H 0 Z" fill="#011513" opacity=".55"/>
  </svg>`;
  const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}

/** Uploads a picture as staff do, answering its stored path. */
export async function upload(baseUrl: string, token: string, colour: string): Promise<string> {
  const form = new FormData();
  form.append('image', await picture(colour), 'photo.jpg');
  const res = await fetch(`${baseUrl}/upload/single`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { path: string }).path;
}

export interface SeededCampaigns {
  galleryId: string;
  overfundedId: string;
  titles: string[];
}

/** Four campaigns, oldest first; the newest has a three-photo gallery. */
export async function seedCampaigns(baseUrl: string, token: string): Promise<SeededCampaigns> {
  const [a, b, c, g1, g2, g3] = await Promise.all(
    ['#1d6b5e', '#8a5a2b', '#3fa7d6', '#0b3b34', '#d9823b', '#5a7d2a'].map((colour) => upload(baseUrl, token, colour)),
  );
  const school = await createCampaign(baseUrl, token, {
    title: 'Classrooms for Bama',
    location: 'Borno',
    category: 'Education',
    image: a,
    shortDescription: 'Two classrooms and desks for 240 pupils.',
    target: 4_000_000,
    amountRaised: 4_800_000,
  });
  await createCampaign(baseUrl, token, {
    title: 'School meals in Sokoto',
    location: 'Sokoto',
    category: 'Feeding',
    image: b,
    shortDescription: 'A hot meal every school day for a term.',
    target: 1_500_000,
    amountRaised: 300_000,
  });
  await createCampaign(baseUrl, token, { title: 'Clinic solar power', location: 'Kano', category: 'Health', image: c });
  const water = await createCampaign(baseUrl, token, { image: g1, galleryImages: [g1, g2, g3] });
  await api(baseUrl, 'GET', '/campaigns');
  return {
    galleryId: water._id,
    overfundedId: school._id,
    titles: ['Clean water for Gezawa', 'Clinic solar power', 'School meals in Sokoto', 'Classrooms for Bama'],
  };
}

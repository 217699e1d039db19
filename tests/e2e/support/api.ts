/** Preparing state through the REST API, as a third-party client would. */
import { E2E_ADMIN } from './server';

export async function apiLogin(baseUrl: string, credentials = E2E_ADMIN): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export async function api<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export const sampleCampaign = (overrides: Record<string, unknown> = {}) => ({
  title: 'Clean water for Gezawa',
  description: 'Boreholes and hand pumps for three villages in Gezawa, Kano State.',
  shortDescription: 'Three boreholes for 4,500 people.',
  target: 2_500_000,
  amountRaised: 1_000_000,
  location: 'Kano',
  category: 'Water',
  image: 'https://example.org/water.jpg',
  overview: {
    mainText: 'Families walk for hours to reach water.',
    challengeText: 'The challenge:\n1. No borehole within 5 km\n2. Seasonal streams dry up',
    solutionText: 'We will drill three boreholes.',
    impactText: '4,500 people with clean water.',
  },
  updates: [{ date: '2026-10-01', content: 'Survey finished.' }],
  ...overrides,
});

export async function createCampaign(baseUrl: string, token: string, overrides: Record<string, unknown> = {}) {
  const { campaign } = await api<{ campaign: { _id: string; title: string } }>(
    baseUrl,
    'POST',
    '/campaigns',
    token,
    sampleCampaign(overrides),
  );
  return campaign;
}

/**
 * npm run bench: GET /campaigns throughput with 100 campaigns against a bare Fastify route that
 * returns the same bytes, in the same run on the same machine, reported as a ratio. Then the
 * first-load JavaScript of the public site and of the admin chunk, gzip, from the last build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../server/app';
import { createTokenSigner } from '../../server/auth/tokens';
import { createCampaignCatalog } from '../../server/campaigns/catalog';
import { createCampaign } from '../../server/campaigns/service';
import { loadConfig } from '../../server/config';
import { openPglite, openPostgres } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrator';
import type { Deps } from '../../server/deps';
import { CAMPAIGN_CATEGORIES, CAMPAIGN_LOCATIONS } from '../../shared/constants';
import { campaignInput } from '../../shared/schemas/campaign';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

async function measure(url: string): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { accept: 'application/json' },
  });
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function throughput(kind: 'pglite' | 'postgres') {
  const handle = kind === 'pglite' ? await openPglite(undefined) : openPostgres(process.env.BENCH_DATABASE_URL!);
  await migrateToLatest(handle.db);
  const config = loadConfig({
    JWT_SECRET: 'x'.repeat(40),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    DATA_DIR: os.tmpdir(),
  });
  const deps: Deps = {
    db: handle.db,
    config,
    tokens: createTokenSigner('x'.repeat(40), 1),
    now: () => new Date(),
    catalog: createCampaignCatalog(),
  };
  await handle.db.deleteFrom('campaigns').execute();
  for (let i = 0; i < 100; i++) {
    await createCampaign(
      deps,
      campaignInput.parse({
        title: `Campaign ${i}`,
        description: 'A realistic description of a community project. '.repeat(8),
        shortDescription: 'Short description of the campaign for the card.',
        overview: {
          mainText: 'Main text. '.repeat(20),
          challengeText: '1. One\n2. Two',
          solutionText: 'Solution',
          impactText: 'Impact',
        },
        updates: [{ date: '2026-10-01', content: 'An update' }],
        image: `uploads/${i.toString(16).padStart(32, '0')}.webp`,
        galleryImages: ['uploads/a.webp', 'uploads/b.webp'],
        target: 1_000_000 + i,
        amountRaised: 500_000,
        location: CAMPAIGN_LOCATIONS[i % CAMPAIGN_LOCATIONS.length],
        category: CAMPAIGN_CATEGORIES[i % CAMPAIGN_CATEGORIES.length],
      }),
    );
  }
  const app = await buildApp(deps);
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bytes = (await app.inject({ method: 'GET', url: '/campaigns' })).body;

  const bare = Fastify();
  bare.get('/campaigns', (_req, reply) => reply.type('application/json; charset=utf-8').send(bytes));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  // Warm both, then measure the baseline first and the real route second.
  await autocannon({ url: `${bareUrl}/campaigns`, connections: 10, duration: 2 });
  await autocannon({ url: `${appUrl}/campaigns`, connections: 10, duration: 2 });
  const baseline = await measure(`${bareUrl}/campaigns`);
  const real = await measure(`${appUrl}/campaigns`);
  await app.close();
  await bare.close();
  await handle.close();
  return { kind, kB: (Buffer.byteLength(bytes) / 1024).toFixed(1), baseline, real, ratio: real.rps / baseline.rps };
}

function bundleSizes() {
  const dir = path.resolve(import.meta.dirname, '../../dist/client');
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return null;
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dir, file))).length / 1024;
  const html = fs.readFileSync(index, 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const assets = fs.readdirSync(path.join(dir, 'assets')).filter((f) => /\.(js|css)$/.test(f));
  const admin = assets.filter((f) => /admin|login/i.test(f)).map((f) => `assets/${f}`);
  const sum = (files: string[]) => files.reduce((n, f) => n + gz(f), 0).toFixed(1);
  return { firstLoad: sum(initial), firstLoadFiles: initial, admin: sum(admin), adminFiles: admin };
}

const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
for (const kind of kinds) {
  const r = await throughput(kind);
  console.log(
    `GET /campaigns (100 campaigns, ${r.kB} kB) on ${kind}: ${r.real.rps.toFixed(0)} req/s, p99 ${r.real.p99} ms` +
      ` | bare Fastify, same bytes: ${r.baseline.rps.toFixed(0)} req/s, p99 ${r.baseline.p99} ms | ratio ${r.ratio.toFixed(2)}`,
  );
}
const sizes = bundleSizes();
if (sizes) {
  console.log(`First-load of / (gzip): ${sizes.firstLoad} kB in ${sizes.firstLoadFiles.join(', ')}`);
  console.log(
    `Admin chunks, loaded only under /login and /admin (gzip): ${sizes.admin} kB in ${sizes.adminFiles.join(', ')}`,
  );
} else {
  console.log('No build in dist/client: run npm run build for the bundle sizes.');
}
process.exit(0);

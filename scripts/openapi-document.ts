/**
 * Writes the OpenAPI document the server serves at /api/openapi.json to a file, from a server
 * built on a throwaway embedded database: `npm run lint:api` lints it with Redocly and Spectral.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { prepare } from '../server/bootstrap';
import { loadConfig } from '../server/config';

const out = process.argv[2] ?? 'dist/openapi.json';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
try {
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...process.env });
  const { deps, handle } = await prepare(config);
  const app = await buildApp(deps);
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(res.json(), null, 2)}\n`);
  await app.close();
  await handle.close();
  console.log(`OpenAPI document written to ${out}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A client generated from the OpenAPI document refuses, in its types, what the server refuses:
 * openapi-typescript writes the document's `paths` types, and the TypeScript compiler checks a
 * file of calls typed against them. Each wrong call carries `@ts-expect-error`, which fails the
 * compile when the types accept the call; the right call must compile as it is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let testApp: TestApp;
let dir: string;

beforeAll(async () => {
  testApp = await createTestApp('pglite');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-client-'));
}, 60_000);

afterAll(async () => {
  await testApp.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Calls typed against the generated `paths`: each wrong one must be refused by the types. */
const CALLS = `import type { paths } from './api';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type StatusBody = Json<paths['/api/submissions/{type}/{id}/status']['put']['requestBody']>;
type PledgeBody = Json<paths['/api/pledges']['post']['requestBody']>;
type CampaignBody = Json<paths['/campaigns']['post']['requestBody']>;
type SettingsBody = Json<paths['/api/settings']['put']['requestBody']>;
type NewsletterBody = Json<paths['/api/submissions/newsletter/register']['post']['requestBody']>;
type CampaignQuery = NonNullable<paths['/campaigns']['get']['parameters']['query']>;

// @ts-expect-error a status no submission takes
export const maybe: StatusBody = { status: 'maybe' };
// @ts-expect-error the amount as text
export const textAmount: PledgeBody = { campaignId: 'c', amount: '5000', anonymous: true };
// @ts-expect-error a gallery of numbers, not image paths
export const gallery: Pick<CampaignBody, 'galleryImages'> = { galleryImages: [1, 2] };
// @ts-expect-error no email: it is required
export const noEmail: NewsletterBody = {};
// @ts-expect-error limit is an integer, not text
export const textLimit: CampaignQuery = { limit: '10' };
// @ts-expect-error the account number as a number
export const numericAccount: Pick<SettingsBody, 'accountNumber'> = { accountNumber: 1023456789 };

export const right: { status: StatusBody; pledge: PledgeBody; query: CampaignQuery } = {
  status: { status: 'approved' },
  pledge: { campaignId: 'c', amount: 5000, name: 'Amina Bello', anonymous: false },
  query: { category: 'Water', limit: 10, offset: 0 },
};
`;

describe('a client generated from the OpenAPI document', () => {
  it('refuses in its types the calls the server refuses, and accepts a right one', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const types = astToString(await openapiTS(answer.json(), { silent: true }));
    fs.writeFileSync(path.join(dir, 'api.ts'), types);
    const calls = path.join(dir, 'calls.ts');
    fs.writeFileSync(calls, CALLS);

    const program = ts.createProgram([calls], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) =>
          `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    expect(diagnostics).toEqual([]);
    // Each @ts-expect-error above was needed: TypeScript reports the unused ones.
    expect(CALLS.match(/@ts-expect-error/g)).toHaveLength(6);
  }, 30_000);
});

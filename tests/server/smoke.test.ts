import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';

describe.each(testDatabases())('smoke on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  it('lists campaigns', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/campaigns' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    const created = await t.adminCaller.campaign.create({ title: 'T', description: 'D', target: '5000', amountRaised: 1000, location: 'Kano', image: 'uploads/x.webp' });
    expect(created.image).toBe('/api/uploads/x.webp');
    const stats = await t.adminCaller.dashboard.stats();
    expect(stats.totalRaised).toBe(1000);
  });
});

import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { testDatabases } from '../helpers/databases';

/** What the browser receives over HTTP from tRPC: the spec's message and the field errors. */
describe.each(testDatabases())('tRPC errors over HTTP on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const mutate = (path: string, input: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify(superjson.serialize(input)),
    });

  it('answers a validation failure with 400, the summary message and field errors', async () => {
    const res = await mutate('submission.volunteer.create', { firstName: 'Amina' });
    expect(res.statusCode).toBe(400);
    const error = res.json().error.json;
    expect(error.message).toBe('Please fill in all required fields');
    expect(error.data.fieldErrors).toContainEqual({ path: 'lastName', message: 'This field is required' });
  });

  it('answers domain errors with their status and message', async () => {
    const res = await mutate('campaign.remove', { id: '0190a000-0000-7000-8000-000000000000' }, t.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.json.message).toBe('Campaign not found');
  });

  it('answers the campaign form summary with the missing names', async () => {
    const res = await mutate('campaign.create', { title: 'x', location: 'Kano' }, t.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.json.message).toBe('Please fill in all required fields: description, target, image');
  });
});

/** Group commit: rows that arrive together share a statement, and one bad row fails alone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { createInsertBatcher } from '../../server/db/insert-batcher';
import { freshDatabase, type TestDatabase, testDatabases } from '../helpers/databases';

describe.each(testDatabases())('insert batcher on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database.close());

  const contact = (name: string) => ({
    id: newId(),
    name,
    email: 'e@example.org',
    phone: '0803',
    subject: 's',
    message: 'm',
  });

  it('answers each row with what was stored, and fails only the bad one', async () => {
    const batcher = createInsertBatcher(database.db as never, 'contact_messages', { concurrency: 1 });
    const good = Array.from({ length: 30 }, (_, i) => contact(`Person ${i}`));
    const bad = { ...contact('Bad'), name: null };
    const results = await Promise.allSettled([...good, bad].map((row) => batcher.insert(row as never)));
    expect(results.slice(0, 30).every((r) => r.status === 'fulfilled')).toBe(true);
    expect(results[30]!.status).toBe('rejected');
    const stored = await database.db.selectFrom('contact_messages').select('id').execute();
    expect(new Set(stored.map((r) => r.id))).toEqual(new Set(good.map((r) => r.id)));
    const first = results[0] as PromiseFulfilledResult<Record<string, unknown>>;
    expect(first.value).toMatchObject({ id: good[0]!.id, name: 'Person 0' });
  });

  it('skips a known unique value, inside one batch too, and answers null for it', async () => {
    const batcher = createInsertBatcher(database.db as never, 'newsletter_subscriptions', {
      concurrency: 1,
      onConflictDoNothing: 'email',
    });
    const rows = ['a@example.org', 'b@example.org', 'a@example.org'].map((email) => ({ id: newId(), email }));
    const answers = await Promise.all(rows.map((row) => batcher.insert(row)));
    expect(answers.map((a) => a?.email ?? null)).toEqual(['a@example.org', 'b@example.org', null]);
    expect(await batcher.insert({ id: newId(), email: 'b@example.org' })).toBeNull();
  });
});

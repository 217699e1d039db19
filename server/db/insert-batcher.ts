/**
 * Group commit for public writes: rows that arrive together are inserted with one statement and
 * one commit, and each caller is answered once that commit is done, so no row is acknowledged
 * before it is stored. Under load the batches grow by themselves (rows queue while a batch is
 * being written); a quiet site writes each row on its own, at once. A batch that fails is retried
 * row by row, so one bad row fails alone.
 */
import type { Kysely, Transaction } from 'kysely';

export interface InsertBatcher {
  /** Inserts the row; answers the stored row, or null when `onConflictDoNothing` skipped it. */
  insert(row: Record<string, unknown> & { id: string }): Promise<Record<string, unknown> | null>;
}

interface Pending {
  row: Record<string, unknown> & { id: string };
  resolve: (stored: Record<string, unknown> | null) => void;
  reject: (error: unknown) => void;
}

export interface BatcherOptions {
  /** Rows per statement at most. */
  maxRows?: number;
  /** Statements in flight at once: 1 for PGlite (one connection), a few for a pool. */
  concurrency: number;
  /**
   * Leave a row whose value is already in this unique column as it is; `true`: in any unique
   * column of the table (a statement can name one conflict target only).
   */
  onConflictDoNothing?: string | true;
  /**
   * Runs in the transaction of the batch, with the rows it stored and all the rows it was given
   * (stored or skipped): what must be written with them or not at all (the mails they cause,
   * server/mail/outbox.ts). It runs for a batch that stored nothing too, so a skipped row costs
   * the same statements as a stored one. Its failure fails the batch.
   */
  afterInsert?: (
    // biome-ignore lint/suspicious/noExplicitAny: as the batcher's database, any table.
    trx: Transaction<any>,
    stored: Record<string, unknown>[],
    given: Record<string, unknown>[],
  ) => Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: one batcher serves any table; callers type their rows.
export function createInsertBatcher(db: Kysely<any>, table: string, options: BatcherOptions): InsertBatcher {
  const maxRows = options.maxRows ?? 200;
  const queue: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;

  // biome-ignore lint/suspicious/noExplicitAny: as above.
  const insertAll = (executor: Kysely<any>, rows: Pending['row'][]) => {
    let query = executor.insertInto(table).values(rows);
    const column = options.onConflictDoNothing;
    if (column === true) query = query.onConflict((oc) => oc.doNothing());
    else if (column) query = query.onConflict((oc) => oc.column(column).doNothing());
    return query.returningAll().execute();
  };
  const { afterInsert } = options;
  const statement = (rows: Pending['row'][]) =>
    afterInsert
      ? db.transaction().execute(async (trx) => {
          const stored = await insertAll(trx, rows);
          await afterInsert(trx, stored, rows);
          return stored;
        })
      : insertAll(db, rows);

  async function write(batch: Pending[]): Promise<void> {
    try {
      const stored = await statement(batch.map((p) => p.row));
      const byId = new Map(stored.map((row) => [row.id as string, row]));
      for (const pending of batch) pending.resolve(byId.get(pending.row.id) ?? null);
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One row may be the cause: each is tried alone, and fails or succeeds for itself.
      await Promise.all(batch.map((pending) => write([pending])));
    }
  }

  function flush(): void {
    scheduled = false;
    while (queue.length > 0 && inFlight < options.concurrency) {
      const batch = queue.splice(0, maxRows);
      inFlight++;
      void write(batch).finally(() => {
        inFlight--;
        if (queue.length > 0 && !scheduled) flush();
      });
    }
  }

  return {
    insert(row) {
      return new Promise((resolve, reject) => {
        queue.push({ row, resolve, reject });
        // Wait for the rest of this turn of the event loop: requests that arrived together go together.
        if (!scheduled && inFlight < options.concurrency) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}

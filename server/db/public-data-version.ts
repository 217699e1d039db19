/**
 * The version of the public data (campaigns and their updates), known without a database read
 * per request, and never stale after a write that any instance acknowledged.
 *
 * - A trigger bumps `data_versions` and NOTIFYs `data_changed` on every change (migration
 *   2026-11-23T0000). Each instance LISTENs on a connection of its own and keeps the newest
 *   version it was told.
 * - On PostgreSQL each instance also holds a lease in `cache_listeners`, renewed every second on
 *   that connection, and writes there the version it has seen AFTER taking it in. A writer, once
 *   committed, waits until no instance with a live lease is behind (`settle`): its answer then
 *   holds on every instance. An instance trusts its memory only while its listener is up and its
 *   lease has a safety second left; otherwise it reads the version per request (fails safe) and
 *   reconnects in the background. A lost instance is waited for at most until its lease ends.
 * - PGlite lives in one process: notifications arrive before the committing query returns.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle, DB, Listener } from './database';

export const DATA_CHANNEL = 'data_changed';
const LEASE_MS = 5_000;
const RENEW_EVERY_MS = 1_000;
/** Trust ends this long before the lease the database holds, whatever the clocks' drift. */
const SAFETY_MS = 1_000;
const SETTLE_POLL_MS = 2;
const RECONNECT_MS = [100, 250, 500, 1_000, 2_000, 5_000];

export interface PublicDataVersion {
  /** The current version: from memory while this instance can vouch for it, else read. */
  current(): number | Promise<number>;
  /** Called with each newer version, so caches drop what they hold. */
  onChange(listener: (version: number) => void): void;
  /** After a committed write: resolves when every live instance has seen it. */
  settle(): Promise<void>;
  /** For tests and health: whether answers come from memory without a read. */
  trusted(): boolean;
  close(): Promise<void>;
}

const readVersion = async (db: DB): Promise<number> => {
  const row = await db
    .selectFrom('data_versions')
    .select('version')
    .where('name', '=', 'campaigns')
    .executeTakeFirstOrThrow();
  return Number(row.version);
};

/** `campaigns:42` → 42; anything else is ignored. */
const parsePayload = (payload: string): number | null => {
  const match = /^campaigns:(\d+)$/.exec(payload);
  return match ? Number(match[1]) : null;
};

export async function openPublicDataVersion(handle: DatabaseHandle): Promise<PublicDataVersion> {
  let known = await readVersion(handle.db);
  const listeners: ((version: number) => void)[] = [];
  /** Takes in a version; answers whether it was newer. */
  const learn = (version: number) => {
    if (version <= known) return false;
    known = version;
    for (const listener of listeners) listener(version);
    return true;
  };

  const common = {
    onChange: (listener: (version: number) => void) => void listeners.push(listener),
  };

  if (handle.kind === 'pglite') {
    const listener = await handle.listen(
      DATA_CHANNEL,
      (payload) => {
        const version = parsePayload(payload);
        if (version !== null) learn(version);
      },
      () => {},
    );
    return {
      ...common,
      current: () => known,
      trusted: () => true,
      // Notifications have arrived before the write returned; the read covers writes made
      // outside a transaction of ours all the same.
      settle: async () => void learn(await readVersion(handle.db)),
      close: () => listener.close(),
    };
  }

  const instanceId = randomUUID();
  let listener: Listener | null = null;
  /** performance.now() until which memory may be trusted; 0 while the listener is down. */
  let trustUntil = 0;
  let renewTimer: NodeJS.Timeout | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let attempts = 0;
  let closed = false;
  /** The newest version written to this instance's lease row. */
  let acked = 0;

  const trusted = () => listener !== null && performance.now() < trustUntil;

  /** Reads the version, takes it in, then records it with a fresh lease: in that order. */
  async function renew(on: Listener): Promise<void> {
    const sent = performance.now();
    const [row] = await on.query<{ version: string | number }>(
      `select version from data_versions where name = 'campaigns'`,
    );
    learn(Number(row!.version));
    const version = known;
    await on.query(
      `insert into cache_listeners (instance_id, version, lease_until)
       values ($1, $2, now() + $3 * interval '1 millisecond')
       on conflict (instance_id) do update
       set version = greatest(cache_listeners.version, excluded.version), lease_until = excluded.lease_until`,
      [instanceId, version, LEASE_MS],
    );
    acked = Math.max(acked, version);
    trustUntil = sent + LEASE_MS - SAFETY_MS;
  }

  function lost(): void {
    const was = listener;
    listener = null;
    trustUntil = 0;
    clearInterval(renewTimer);
    void was?.close();
    if (!closed) scheduleReconnect();
  }

  /** A failure of a listener already replaced (or still being set up) is not this one's. */
  function lostIfCurrent(which: Listener | undefined): void {
    if (which !== undefined && listener === which) lost();
  }

  function scheduleReconnect(): void {
    clearTimeout(reconnectTimer);
    const delay = RECONNECT_MS[Math.min(attempts++, RECONNECT_MS.length - 1)]!;
    reconnectTimer = setTimeout(() => void connect().catch(() => scheduleReconnect()), delay);
    reconnectTimer.unref();
  }

  async function connect(): Promise<void> {
    let next: Listener | undefined;
    next = await handle.listen(
      DATA_CHANNEL,
      (payload) => {
        const version = parsePayload(payload);
        if (version === null) return;
        learn(version);
        // Acknowledge after taking it in: a writer waiting in settle() may go on now. Before the
        // connection is set up, the first renewal records the version instead.
        if (!next || version <= acked) return;
        acked = version;
        next
          .query('update cache_listeners set version = greatest(version, $2) where instance_id = $1', [
            instanceId,
            version,
          ])
          .catch(() => lostIfCurrent(next));
      },
      () => lostIfCurrent(next),
    );
    const ready = next;
    if (closed) return ready.close();
    try {
      // Leases of instances that stopped without closing (a crash, kill -9) are never waited
      // for again; clear them so the table stays as small as the number of live instances.
      await ready.query(`delete from cache_listeners where lease_until < now() - interval '1 minute'`);
      await renew(ready);
    } catch (error) {
      await ready.close();
      throw error;
    }
    listener = ready;
    attempts = 0;
    renewTimer = setInterval(() => {
      if (listener === ready) renew(ready).catch(() => lostIfCurrent(ready));
    }, RENEW_EVERY_MS);
    renewTimer.unref();
  }

  await connect().catch(() => scheduleReconnect());

  return {
    ...common,
    trusted,
    current() {
      if (trusted()) return known;
      return readVersion(handle.db).then((version) => {
        learn(version);
        return known;
      });
    },
    async settle() {
      const version = await readVersion(handle.db);
      learn(version);
      const deadline = performance.now() + LEASE_MS + SAFETY_MS;
      while (performance.now() < deadline) {
        const behind = await handle.db
          .selectFrom('cache_listeners')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('leaseUntil', '>', sql<Date>`now()`)
          .where('version', '<', version)
          .executeTakeFirstOrThrow();
        if (Number(behind.n) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
      }
    },
    async close() {
      closed = true;
      clearInterval(renewTimer);
      clearTimeout(reconnectTimer);
      const current = listener;
      listener = null;
      if (current) {
        await current.query('delete from cache_listeners where instance_id = $1', [instanceId]).catch(() => {});
        await current.close();
      }
    },
  };
}

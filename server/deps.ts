import type { TokenSigner } from './auth/tokens';
import type { Config } from './config';
import type { DB } from './db/database';
import type { PublicData } from './db/public-data';
import type { PublicDataVersion } from './db/public-data-version';
import type { WakeSignal } from './lib/wake';

/**
 * What services need: a type of the access layer, so every area may name it; the composition
 * (server/bootstrap.ts, or a test) builds it. No service reaches for globals.
 */
export interface Deps {
  db: DB;
  config: Config;
  tokens: TokenSigner;
  now: () => Date;
  /** The public data's version, kept current across instances (server/db/public-data-version.ts). */
  publicDataVersion: PublicDataVersion;
  /** The campaign list and settings kept in memory per version (server/db/public-data.ts). */
  publicData: PublicData;
  /** Rung when a mail is queued, so this process's mail worker looks at once (server/mail/). */
  mailQueued: WakeSignal;
  /** Rung when a newsletter edition is sent or resumed, so this process queues its mail at once. */
  editionsDue: WakeSignal;
}

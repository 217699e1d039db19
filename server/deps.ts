import type { TokenSigner } from './auth/tokens';
import type { CampaignCatalog } from './campaigns/catalog';
import type { Config } from './config';
import type { DataVersions } from './db/data-versions';
import type { DB } from './db/database';

/** What services need, passed in from main.ts or a test; no service reaches for globals. */
export interface Deps {
  db: DB;
  config: Config;
  tokens: TokenSigner;
  now: () => Date;
  /** The public data's version, kept current across instances (server/db/data-versions.ts). */
  versions: DataVersions;
  catalog: CampaignCatalog;
}

import type { TokenSigner } from './auth/tokens';
import type { CampaignCatalog } from './campaigns/catalog';
import type { Config } from './config';
import type { DB } from './db/database';

/** What services need, passed in from main.ts or a test; no service reaches for globals. */
export interface Deps {
  db: DB;
  config: Config;
  tokens: TokenSigner;
  now: () => Date;
  catalog: CampaignCatalog;
}

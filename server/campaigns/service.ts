/** Campaigns: the logic and SQL behind campaign.* procedures and the /campaigns REST paths. */
import { resolveImagePath, resolveImagePaths } from '../../shared/image-path';
import { t } from '../../shared/messages';
import type { Campaign, CampaignData, CampaignListInput, StoredCampaign } from '../../shared/schemas/campaign';
import { campaignListInput } from '../../shared/schemas/campaign';
import { PAGE_SIZE, type Page } from '../../shared/schemas/pages';
import { type Actor, audit } from '../audit/audit';
import type { DB } from '../db/database';
import { isId, newId } from '../db/ids';
import { after, cursorOf, pageOf } from '../db/keyset';
import type { Row } from '../db/schema';
import type { Deps } from '../deps';
import { NotFoundError } from '../errors';
import { adjustTotalsByHand } from '../giving/gifts';
import type { Precondition } from '../http/preconditions';
import { publicSettings } from '../settings/service';

interface BankAccount {
  accountName: string;
  accountNumber: string;
  bankName: string;
}

type CampaignRow = Row<'campaigns'>;
type UpdateRow = Pick<Row<'campaign_updates'>, 'id' | 'campaignId' | 'date' | 'content' | 'contentHa'>;

const dateOnly = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

/**
 * The one mapping from rows: the campaign as stored, image paths and bank fields as sent. Rows
 * already carry the wire's names; what changes is `_id`, the nested overview, the updates and the
 * dates. Fields keep the order the API has always answered in.
 */
function toStoredCampaign(row: CampaignRow, updates: UpdateRow[]): StoredCampaign {
  const {
    id,
    title,
    description,
    shortDescription,
    overviewMain,
    overviewChallenge,
    overviewSolution,
    overviewImpact,
    overviewMainHa,
    overviewChallengeHa,
    overviewSolutionHa,
    overviewImpactHa,
    titleHa,
    shortDescriptionHa,
    descriptionHa,
    // The opening figures are the totals' bookkeeping (server/giving/totals.ts), not the campaign's.
    openingAmount: _openingAmount,
    openingSupporters: _openingSupporters,
    ...rest
  } = row;
  return {
    _id: id,
    title,
    description,
    shortDescription,
    overview: {
      mainText: overviewMain,
      challengeText: overviewChallenge,
      solutionText: overviewSolution,
      impactText: overviewImpact,
      mainTextHa: overviewMainHa,
      challengeTextHa: overviewChallengeHa,
      solutionTextHa: overviewSolutionHa,
      impactTextHa: overviewImpactHa,
    },
    // Newest first, as the campaign page shows them.
    updates: updates
      .map((u) => ({ _id: u.id, date: dateOnly(u.date) ?? '', content: u.content, contentHa: u.contentHa }))
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)),
    ...rest,
    endDate: dateOnly(rest.endDate),
    createdAt: rest.createdAt.toISOString(),
    updatedAt: rest.updatedAt.toISOString(),
    // Beside the English, after every field the API has always answered.
    titleHa,
    shortDescriptionHa,
    descriptionHa,
  };
}

/** What every caller sees: image paths ready to show, the foundation's account where a campaign has none. */
function toCampaign(stored: StoredCampaign, bank: BankAccount): Campaign {
  // A campaign's own account only counts when it has a number.
  const hasOwnBank = stored.accountNumber !== '';
  return {
    ...stored,
    image: resolveImagePath(stored.image),
    galleryImages: resolveImagePaths(stored.galleryImages),
    accountName: hasOwnBank ? stored.accountName || bank.accountName : bank.accountName,
    accountNumber: hasOwnBank ? stored.accountNumber : bank.accountNumber,
    bankName: hasOwnBank ? stored.bankName || bank.bankName : bank.bankName,
  };
}

async function updatesOf(db: DB, campaignIds: string[]): Promise<Map<string, UpdateRow[]>> {
  const byCampaign = new Map<string, UpdateRow[]>();
  if (campaignIds.length === 0) return byCampaign;
  const rows = await db
    .selectFrom('campaign_updates')
    .select(['id', 'campaignId', 'date', 'content', 'contentHa'])
    .where('campaignId', 'in', campaignIds)
    .orderBy('campaignId')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byCampaign.get(row.campaignId) ?? [];
    list.push(row);
    byCampaign.set(row.campaignId, list);
  }
  return byCampaign;
}

/** Every campaign from the database, oldest first: what the public data keeps in memory. */
async function loadAll(deps: Deps): Promise<Campaign[]> {
  const rows = await deps.db
    .selectFrom('campaigns')
    .selectAll()
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const updates = await updatesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  const bank = await defaultBankDetails(deps);
  return rows.map((row) => toCampaign(toStoredCampaign(row, updates.get(row.id) ?? []), bank));
}

const allCampaigns = (deps: Deps) => deps.publicData.all(() => loadAll(deps));

/**
 * Runs a change of campaigns in one transaction, then waits until every instance has seen it, so
 * the answer the caller gets holds wherever they ask next (server/db/public-data-version.ts).
 */
async function changeCampaigns<T>(deps: Deps, change: (trx: DB) => Promise<T>): Promise<T> {
  const result = await deps.db.transaction().execute(change);
  await deps.publicDataVersion.settle();
  return result;
}

/** Campaigns in creation order (oldest first unless asked otherwise), filtered and paged. */
export async function listCampaigns(deps: Deps, filters: CampaignListInput = {}): Promise<Campaign[]> {
  const input = campaignListInput.parse(filters);
  let list = (await allCampaigns(deps)).filter(
    (c) => (!input.category || c.category === input.category) && (!input.location || c.location === input.location),
  );
  if (input.order === 'newest') list = list.toReversed();
  const offset = input.offset ?? 0;
  return list.slice(offset, input.limit === undefined ? undefined : offset + input.limit);
}

/** The admin's list: a page of campaigns, newest first, from SQL (server/db/keyset.ts). */
export async function adminCampaignPage(
  deps: Deps,
  { limit = PAGE_SIZE.default, cursor }: { limit?: number | undefined; cursor?: string | undefined },
): Promise<Page<Campaign>> {
  let query = deps.db
    .selectFrom('campaigns')
    .selectAll()
    .select(cursorOf('createdAt'))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (cursor) query = query.where(after('createdAt', cursor));
  const { rows, nextCursor } = pageOf(await query.execute(), limit);
  const updates = await updatesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  const bank = await defaultBankDetails(deps);
  return {
    items: rows.map((row) => toCampaign(toStoredCampaign(row, updates.get(row.id) ?? []), bank)),
    nextCursor,
  };
}

export async function getCampaign(deps: Deps, id: string): Promise<Campaign> {
  const campaign = isId(id) ? (await allCampaigns(deps)).find((c) => c._id === id) : undefined;
  if (!campaign) throw new NotFoundError(t('campaigns.notFound'));
  return campaign;
}

/** The campaign as stored, for the admin editor: it must not save the defaults back as its own. */
export async function getStoredCampaign(deps: Deps, id: string): Promise<StoredCampaign> {
  const row = isId(id)
    ? await deps.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw new NotFoundError(t('campaigns.notFound'));
  const updates = await updatesOf(deps.db, [id]);
  return toStoredCampaign(row, updates.get(id) ?? []);
}

/** Stored as sent: image paths keep their form (resolved on the way out), empty bank fields mean "the default". */
function toColumns(data: CampaignData) {
  const { overview, updates: _updates, galleryImages, ...fields } = data;
  return {
    ...fields,
    overviewMain: overview.mainText,
    overviewChallenge: overview.challengeText,
    overviewSolution: overview.solutionText,
    overviewImpact: overview.impactText,
    overviewMainHa: overview.mainTextHa,
    overviewChallengeHa: overview.challengeTextHa,
    overviewSolutionHa: overview.solutionTextHa,
    overviewImpactHa: overview.impactTextHa,
    galleryImages: JSON.stringify(galleryImages),
  };
}

async function replaceUpdates(db: DB, campaignId: string, updates: CampaignData['updates']): Promise<void> {
  await db.deleteFrom('campaign_updates').where('campaignId', '=', campaignId).execute();
  if (updates.length === 0) return;
  await db
    .insertInto('campaign_updates')
    .values(
      updates.map((u, position) => ({
        id: newId(),
        campaignId,
        position,
        date: u.date,
        content: u.content,
        contentHa: u.contentHa,
      })),
    )
    .execute();
}

export async function createCampaign(deps: Deps, data: CampaignData, actor: Actor): Promise<Campaign> {
  const id = newId(deps.now().getTime());
  const now = deps.now();
  await changeCampaigns(deps, async (trx) => {
    // What it is created with is its opening amount: gifts recorded here add to it.
    await trx
      .insertInto('campaigns')
      .values({
        id,
        ...toColumns(data),
        // Not given: nothing raised yet.
        amountRaised: data.amountRaised ?? 0,
        openingAmount: data.amountRaised ?? 0,
        openingSupporters: data.supporters,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await replaceUpdates(trx, id, data.updates);
    await audit(trx, actor, 'campaign.created', id, data.title);
  });
  return getCampaign(deps, id);
}

/**
 * The campaign as GET /campaigns/{id} answers it, from its row locked for the caller's change: what
 * an If-Match is compared with (server/http/preconditions.ts). Undefined when there is none.
 */
async function lockedCampaign(trx: DB, id: string, bank: BankAccount): Promise<Campaign | undefined> {
  const row = await trx.selectFrom('campaigns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) return undefined;
  const updates = await updatesOf(trx, [id]);
  return toCampaign(toStoredCampaign(row, updates.get(id) ?? []), bank);
}

export interface UpdateGuards {
  /** The total the dashboard's form loaded: its save applies only the change made in it. */
  amountRaisedWas?: number | undefined;
  /** A REST client's If-Match: the campaign must still be the version it read. */
  precondition?: Precondition | undefined;
}

/**
 * Saves an editor's change. An amountRaised not given leaves the total; one given is a hand
 * adjustment only where it changes it (server/giving/gifts.ts). With a precondition, the campaign
 * must still read as the client read it, checked on its locked row: 412 otherwise, nothing changed.
 */
export async function updateCampaign(
  deps: Deps,
  id: string,
  data: CampaignData,
  actor: Actor,
  { amountRaisedWas, precondition }: UpdateGuards = {},
): Promise<Campaign> {
  // Read before the transaction: PGlite's one connection is then busy with it.
  const bank = precondition ? await defaultBankDetails(deps) : undefined;
  const found =
    isId(id) &&
    (await changeCampaigns(deps, async (trx) => {
      if (precondition && bank) {
        const current = await lockedCampaign(trx, id, bank);
        if (!current) return false;
        precondition(current);
      }
      // The totals move only in the ledger (server/giving/gifts.ts), like a gift's.
      const totals = await adjustTotalsByHand(
        trx,
        { id, title: data.title },
        { amountRaised: data.amountRaised, amountRaisedWas, supporters: data.supporters },
        actor,
        deps.now(),
      );
      if (!totals) return false;
      const { amountRaised: _raised, supporters: _supporters, ...columns } = toColumns(data);
      await trx
        .updateTable('campaigns')
        .set({ ...columns, updatedAt: deps.now() })
        .where('id', '=', id)
        .execute();
      await replaceUpdates(trx, id, data.updates);
      await audit(trx, actor, 'campaign.updated', id, data.title);
      return true;
    }));
  if (!found) throw new NotFoundError(t('campaigns.notFound'));
  return getCampaign(deps, id);
}

/** Deletes the campaign; its updates go with it (foreign key cascade). */
export async function deleteCampaign(deps: Deps, id: string, actor: Actor): Promise<{ message: string; _id: string }> {
  const found =
    isId(id) &&
    (await changeCampaigns(deps, async (trx) => {
      const deleted = await trx.deleteFrom('campaigns').where('id', '=', id).returning('title').executeTakeFirst();
      if (!deleted) return false;
      await audit(trx, actor, 'campaign.deleted', id, deleted.title);
      return true;
    }));
  if (!found) throw new NotFoundError(t('campaigns.notFound'));
  return { message: t('campaigns.deleted'), _id: id };
}

/** The foundation's own account (its settings), shown where a campaign has none and on the donate page. */
export const defaultBankDetails = async (deps: Pick<Deps, 'db' | 'publicData' | 'config'>): Promise<BankAccount> =>
  (await publicSettings(deps)).bank;

/** Number of campaigns per location, for the map. */
export async function countByLocation(deps: Deps): Promise<Record<string, number>> {
  // From the list already in memory: the home page asks for both at once.
  const counts: Record<string, number> = {};
  for (const campaign of await allCampaigns(deps)) counts[campaign.location] = (counts[campaign.location] ?? 0) + 1;
  return counts;
}

/**
 * The reminder two days before a pledge's reference expires, when nothing has arrived for it. A
 * periodic job in every server process calls `queuePledgeReminders`; each due pledge is claimed by
 * one conditional update (`reminded_at` still null), so two instances never both remind, and its
 * mail is queued in the same transaction: a claim that rolls back queues nothing and can be taken
 * again.
 */
import { sql } from 'kysely';
import { listCampaigns } from '../campaigns/service';
import type { Deps } from '../deps';
import { publicSettings } from '../settings/service';
import { queuePledgeReminder } from './mails';

/** How long before the expiry the reminder goes. */
export const REMIND_BEFORE_MS = 2 * 24 * 60 * 60 * 1000;
/** Pledges claimed per transaction. */
const BATCH = 50;

/** Queues the reminders now due; answers how many were queued. */
export async function queuePledgeReminders(deps: Deps): Promise<number> {
  const now = deps.now();
  const horizon = new Date(now.getTime() + REMIND_BEFORE_MS);
  // Read before the transactions, from memory: inside one, PGlite's only connection is taken.
  const settings = await publicSettings(deps);
  const campaigns = new Map((await listCampaigns(deps)).map((campaign) => [campaign._id, campaign]));
  let queued = 0;
  for (;;) {
    const claimed = await deps.db.transaction().execute(async (trx) => {
      // A pledge made for two days or less already got its instructions that close to its expiry.
      const rows = await trx
        .updateTable('pledges')
        .set({ remindedAt: now })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('pledges as p')
            .select('p.id')
            .where('p.status', '=', 'pending')
            .where('p.remindedAt', 'is', null)
            .where('p.email', 'is not', null)
            // Its instructions were withheld (its mailbox had had its share): no reminder either.
            .where('p.mailWithheld', '=', false)
            .where('p.expiresAt', '>', now)
            .where('p.expiresAt', '<=', horizon)
            .where(
              sql<boolean>`p.created_at < p.expires_at - ${sql.lit(`${REMIND_BEFORE_MS / 1000} seconds`)}::interval`,
            )
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('gifts')
                    .select('gifts.id')
                    .whereRef('gifts.pledgeId', '=', 'p.id')
                    .where('gifts.reversedAt', 'is', null),
                ),
              ),
            )
            .orderBy('p.expiresAt')
            .limit(BATCH),
        )
        // Checked again on the row itself: another instance may have claimed it meanwhile.
        .where('remindedAt', 'is', null)
        .returningAll()
        .execute();
      for (const row of rows) {
        const campaign = row.campaignId ? campaigns.get(row.campaignId) : undefined;
        const bank = campaign
          ? { accountName: campaign.accountName, accountNumber: campaign.accountNumber, bankName: campaign.bankName }
          : settings.bank;
        await queuePledgeReminder(trx, deps, row, { title: row.campaignTitle, titleHa: campaign?.titleHa }, bank);
      }
      return rows.length;
    });
    queued += claimed;
    if (claimed < BATCH) return queued;
  }
}

/**
 * One's own choice of alerts (GET/PUT /api/auth/notifications and the tRPC twins). Any signed-in
 * account may read and save both kinds: a choice for a kind the role cannot receive is kept as
 * given and takes effect only if the role gains the permission.
 */
import type { AlertSettings } from '../../shared/schemas/alerts';
import { type Actor, audit } from '../audit/audit';
import type { StaffUser } from '../auth/service';
import type { Deps } from '../deps';

type PreferenceDeps = Pick<Deps, 'db' | 'now'>;

export async function alertSettingsOf(deps: PreferenceDeps, user: Pick<StaffUser, 'id'>): Promise<AlertSettings> {
  const row = await deps.db
    .selectFrom('admin_users')
    .select(['alertSubmissions', 'alertGiving'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { submissions: row.alertSubmissions, giving: row.alertGiving };
}

export async function saveAlertSettings(
  deps: PreferenceDeps,
  user: Pick<StaffUser, 'id' | 'email'>,
  input: AlertSettings,
  actor: Actor,
): Promise<AlertSettings> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('admin_users')
      .select(['alertSubmissions', 'alertGiving'])
      .where('id', '=', user.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const wasDaily = before.alertSubmissions === 'daily' || before.alertGiving === 'daily';
    const isDaily = input.submissions === 'daily' || input.giving === 'daily';
    await trx
      .updateTable('admin_users')
      .set({
        alertSubmissions: input.submissions,
        alertGiving: input.giving,
        updatedAt: now,
        // A first daily choice starts its digest now: what came before was sent one by one, or not wanted.
        ...(isDaily && !wasDaily ? { digestThrough: now } : {}),
      })
      .where('id', '=', user.id)
      .execute();
    await audit(
      trx,
      actor,
      'auth.alerts.changed',
      user.email,
      `submissions: ${input.submissions}, giving: ${input.giving}`,
    );
    return { submissions: input.submissions, giving: input.giving };
  });
}

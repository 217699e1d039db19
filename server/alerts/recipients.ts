/**
 * Who hears of what: staff whose role may review submissions hear of new submissions; staff whose
 * role handles pledges and gifts hear of new pledges and unmatched credits. Disabled accounts hear
 * of nothing.
 */
import { can, PERMISSIONS, type Permission, type Role } from '../../shared/roles';
import type { AlertChoice } from '../../shared/schemas/alerts';
import type { DB } from '../db/database';

export type AlertKind = 'submissions' | 'giving';
export const ALERT_KINDS: readonly AlertKind[] = ['submissions', 'giving'];

const PERMISSION_OF: Record<AlertKind, Permission> = {
  submissions: 'submissions.review',
  giving: 'donations.manage',
};

const COLUMN_OF = { submissions: 'alertSubmissions', giving: 'alertGiving' } as const;

/** Whether a role may receive alerts of that kind. */
export const receives = (role: Role, kind: AlertKind): boolean => can(role, PERMISSION_OF[kind]);

export interface Recipient {
  id: string;
  email: string;
  name: string;
}

/** The enabled staff who chose `choice` for a kind their role may receive: one query. */
export function recipientsOf(db: DB, kind: AlertKind, choice: AlertChoice): Promise<Recipient[]> {
  return db
    .selectFrom('admin_users')
    .select(['id', 'email', 'name'])
    .where(COLUMN_OF[kind], '=', choice)
    .where('role', 'in', [...PERMISSIONS[PERMISSION_OF[kind]]])
    .where('disabledAt', 'is', null)
    .orderBy('id')
    .execute();
}

/** A pledge's status as everyone reads it: 'expired' is not stored, a pending pledge past its expiry is. */
import type { PledgeStatus } from '../../shared/schemas/giving';
import type { Row } from '../db/schema';

export const effectiveStatus = (row: Pick<Row<'pledges'>, 'status' | 'expiresAt'>, now: Date): PledgeStatus =>
  row.status === 'pending' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;

/** The one check behind every staff route and procedure: the role's permission, then the password. */
import { t } from '../../shared/messages';
import { can, type Permission } from '../../shared/roles';
import { ForbiddenError } from '../errors';
import type { StaffUser } from './service';

export function assertAllowed(user: StaffUser, permission: Permission): void {
  // A one-time password opens nothing but the change of password (and sign-out).
  if (user.mustChangePassword) throw new ForbiddenError(t('auth.mustChangePassword'));
  if (!can(user.role, permission)) throw new ForbiddenError(t('auth.forbidden'));
}

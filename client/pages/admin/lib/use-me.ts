/**
 * Who is signed in, with their role: the token's own answer (auth.verify). The dashboard hides
 * what the role may not do; the server refuses it anyway.
 */
import { can, type Permission } from '../../../../shared/roles';
import { trpc } from '../../../lib/trpc';

export const useMe = () => trpc.auth.verify.useQuery(undefined, { staleTime: 60_000 });

/** Whether the signed-in role has the permission; false until the answer is in. */
export function useCan(permission: Permission): boolean {
  const me = useMe();
  return me.data ? can(me.data.role, permission) : false;
}

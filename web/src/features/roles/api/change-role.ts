import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleChangeResponse, type RoleChangeBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { refreshCurrentUser } from '../../../lib/current-user.ts';
import { roleHoldersKey } from '../lib/roles-key.ts';

export interface RoleChange extends RoleChangeBody {
  readonly action: 'grant' | 'revoke';
}

/** POST (grant) or DELETE (revoke) /api/admin/roles {username, role}: the user's roles after it. */
export async function changeRole({ action, username, role }: RoleChange) {
  return roleChangeResponse.parse(
    await apiJson(action === 'grant' ? 'POST' : 'DELETE', roleHoldersKey[0], { username, role }),
  );
}

/** A grant or revoke changes the holders list, and may change the admin's own roles. */
export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: roleHoldersKey });
      await refreshCurrentUser(client);
    },
  });
}

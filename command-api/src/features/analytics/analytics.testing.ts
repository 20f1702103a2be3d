import type { Role } from '@myworld/schemas';
import type { RoleDirectory } from '../../platform/http/auth.ts';

/** A RoleDirectory for tests: roles given to users here (the roles feature's real directory is built from role events). */
export function testRoles(): RoleDirectory & { give(userId: string, role: Role): void } {
  const held = new Map<string, Set<Role>>();
  return {
    give: (userId, role) => void held.set(userId, new Set([...(held.get(userId) ?? []), role])),
    rolesOf: async (userId): Promise<readonly Role[]> => [...(held.get(userId) ?? [])],
  };
}

import type { Role } from '@myworld/schemas';
import type { RoleDirectory } from '../../platform/http/auth.ts';

/**
 * A RoleDirectory for tests: the users added to it hold the roles given (moderator unless said
 * otherwise; the roles feature's real directory is built from role events; this stands in for it here).
 */
export function testModerators(): RoleDirectory & { add(userId: string, ...roles: Role[]): void } {
  const held = new Map<string, readonly Role[]>();
  return {
    add: (userId, ...roles) => void held.set(userId, roles.length > 0 ? roles : ['moderator']),
    rolesOf: async (userId): Promise<readonly Role[]> => held.get(userId) ?? [],
  };
}

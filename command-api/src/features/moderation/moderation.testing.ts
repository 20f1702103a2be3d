import type { Role } from '@myworld/schemas';
import type { RoleDirectory } from '../../platform/http/auth.ts';

/**
 * A RoleDirectory for tests: the users added to it are moderators (the roles feature's real
 * directory is built from role events; this stands in for it here).
 */
export function testModerators(): RoleDirectory & { add(userId: string): void } {
  const moderators = new Set<string>();
  return {
    add: (userId) => void moderators.add(userId),
    rolesOf: async (userId): Promise<readonly Role[]> => (moderators.has(userId) ? ['moderator'] : []),
  };
}

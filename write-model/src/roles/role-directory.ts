import type { Role } from '@myworld/schemas';

/**
 * Where the platform learns which staff roles a user holds. The product's adapter reads the
 * `roles` read model (command-api's features/roles/role-directory.ts); tests may inject their own.
 */
export interface RoleDirectory {
  rolesOf(userId: string): Promise<readonly Role[]>;
}

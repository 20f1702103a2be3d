import type { Role } from '@myworld/schemas';
import { ReadModelNotReadyError, rolesOfUser, type ReadModels, type RolesDb } from '@myworld/projections';
import type { RoleDirectory } from '../../platform/http/auth.ts';

export interface ReadModelRoleDirectoryOptions {
  /** How long a user's roles are reused before the read model is asked again (default 2,000 ms). */
  readonly ttlMs?: number;
  /** Users whose roles are kept at most; past it the cache starts over (default 10,000). */
  readonly maxEntries?: number;
}

/**
 * The RoleDirectory of the running product: the `roles` read model, asked at most once per user
 * every `ttlMs`, so a grant or revoke takes effect within seconds without a query per request.
 * While the read model has never been built, nobody holds a role (role routes answer 403).
 */
export class ReadModelRoleDirectory implements RoleDirectory {
  private readonly cache = new Map<string, { roles: readonly Role[]; until: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly readModels: ReadModels,
    options: ReadModelRoleDirectoryOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 2_000;
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  async rolesOf(userId: string): Promise<readonly Role[]> {
    const now = Date.now();
    const cached = this.cache.get(userId);
    if (cached && cached.until > now) return cached.roles;
    let roles: Role[];
    try {
      roles = await rolesOfUser(await this.readModels.query<RolesDb>('roles'), userId);
    } catch (error) {
      if (error instanceof ReadModelNotReadyError) return [];
      throw error;
    }
    if (this.cache.size >= this.maxEntries) this.cache.clear();
    this.cache.set(userId, { roles, until: now + this.ttlMs });
    return roles;
  }
}

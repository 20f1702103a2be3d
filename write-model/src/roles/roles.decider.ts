import { ROLE_MESSAGES, isRole, type RoleEvent } from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';
import { evolveRoles, initialRolesState, type RolesState } from './roles.state.ts';

/**
 * Who changes a role: an admin through the API (their user id), or an operator on the server
 * through `npm run admin` (recorded as `cli:<name>`, see operatorActor).
 */
export type RoleActor =
  { readonly kind: 'admin'; readonly userId: string } | { readonly kind: 'operator'; readonly id: string };

export const actorName = (actor: RoleActor): string => (actor.kind === 'admin' ? actor.userId : actor.id);

/** Commands on one user's roles; `role` is unchecked text (a CLI argument), that the user exists is checked before. */
export type RolesCommand =
  | {
      readonly type: 'GrantRole';
      readonly userId: string;
      readonly role: string;
      readonly by: RoleActor;
      readonly reason?: string | undefined;
      readonly now: Date;
    }
  | {
      readonly type: 'RevokeRole';
      readonly userId: string;
      readonly role: string;
      readonly by: RoleActor;
      readonly now: Date;
    };

export function decideRoles(command: RolesCommand, state: RolesState): RoleEvent[] {
  const { userId, role, by, now } = command;
  if (!isRole(role)) throw new DomainError('unknown_role', ROLE_MESSAGES.unknownRole, 400, 'role');
  switch (command.type) {
    case 'GrantRole':
      // Granting a role already held is not a new fact.
      if (state.held.has(role)) return [];
      return [
        {
          type: 'RoleGranted',
          data: {
            userId,
            role,
            grantedBy: actorName(by),
            ...(command.reason ? { reason: command.reason } : {}),
            grantedAt: now.toISOString(),
          },
        },
      ];
    case 'RevokeRole':
      if (!state.held.has(role)) throw new DomainError('role_not_held', ROLE_MESSAGES.notHeld, 409, 'role');
      // An admin cannot lock themselves out by mistake; the operator path (CLI) can still do it.
      if (role === 'admin' && by.kind === 'admin' && by.userId === userId) {
        throw new DomainError('cannot_revoke_own_admin', ROLE_MESSAGES.cannotRevokeOwnAdmin, 403, 'role');
      }
      return [{ type: 'RoleRevoked', data: { userId, role, revokedBy: actorName(by), revokedAt: now.toISOString() } }];
  }
}

export const rolesDecider: Decider<RolesState, RolesCommand, RoleEvent> = {
  initialState: initialRolesState,
  decide: decideRoles,
  evolve: evolveRoles,
};

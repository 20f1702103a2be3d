import { describe, it } from 'vitest';
import type { Role, RoleEvent } from '@myworld/schemas';
import { deciderSpec } from '../commands/decider-testing.ts';
import { rolesDecider, type RoleActor } from './roles.decider.ts';

const now = new Date('2026-11-26T06:00:00.000Z');
const at = now.toISOString();
const ada = 'ada-id';
const admin: RoleActor = { kind: 'admin', userId: 'boss-id' };
const operator: RoleActor = { kind: 'operator', id: 'cli:root' };
const granted = (role: Role, grantedBy = 'boss-id'): RoleEvent => ({
  type: 'RoleGranted',
  data: { userId: ada, role, grantedBy, grantedAt: at },
});
const revoked = (role: Role, revokedBy = 'boss-id'): RoleEvent => ({
  type: 'RoleRevoked',
  data: { userId: ada, role, revokedBy, revokedAt: at },
});
const spec = deciderSpec(rolesDecider);

describe('roles decider', () => {
  it('given nothing, when an admin grants moderator, then RoleGranted by that admin (with the reason when given)', () => {
    spec
      .given()
      .when({ type: 'GrantRole', userId: ada, role: 'moderator', by: admin, now })
      .then([granted('moderator')]);
    spec
      .given()
      .when({ type: 'GrantRole', userId: ada, role: 'analyst', by: admin, reason: 'joins the insights team', now })
      .then([
        {
          type: 'RoleGranted',
          data: {
            userId: ada,
            role: 'analyst',
            grantedBy: 'boss-id',
            reason: 'joins the insights team',
            grantedAt: at,
          },
        },
      ]);
  });

  it('the operator path records the operator as cli:<name>', () => {
    spec
      .given()
      .when({ type: 'GrantRole', userId: ada, role: 'admin', by: operator, now })
      .then([granted('admin', 'cli:root')]);
    spec
      .given(granted('admin'))
      .when({ type: 'RevokeRole', userId: ada, role: 'admin', by: operator, now })
      .then([revoked('admin', 'cli:root')]);
  });

  it('granting a role already held records nothing (idempotent); after a revoke it is granted again', () => {
    spec
      .given(granted('moderator'))
      .when({ type: 'GrantRole', userId: ada, role: 'moderator', by: admin, now })
      .then([]);
    spec
      .given(granted('moderator'), revoked('moderator'))
      .when({ type: 'GrantRole', userId: ada, role: 'moderator', by: admin, now })
      .then([granted('moderator')]);
  });

  it('roles are independent: holding moderator does not make analyst a repeat', () => {
    spec
      .given(granted('moderator'))
      .when({ type: 'GrantRole', userId: ada, role: 'analyst', by: admin, now })
      .then([granted('analyst')]);
  });

  it('revoking a role held records RoleRevoked; a role not held is refused (409)', () => {
    spec
      .given(granted('analyst'))
      .when({ type: 'RevokeRole', userId: ada, role: 'analyst', by: admin, now })
      .then([revoked('analyst')]);
    spec
      .given()
      .when({ type: 'RevokeRole', userId: ada, role: 'analyst', by: admin, now })
      .thenRefuses({ status: 409, code: 'role_not_held', field: 'role', message: 'The user does not hold this role' });
    spec
      .given(granted('analyst'), revoked('analyst'))
      .when({ type: 'RevokeRole', userId: ada, role: 'analyst', by: admin, now })
      .thenRefuses({ status: 409, code: 'role_not_held' });
  });

  it('an unknown role is refused (400 naming role), to grant or to revoke', () => {
    spec
      .given()
      .when({ type: 'GrantRole', userId: ada, role: 'superuser', by: admin, now })
      .thenRefuses({ status: 400, code: 'unknown_role', field: 'role', message: 'Unknown role' });
    spec
      .given(granted('admin'))
      .when({ type: 'RevokeRole', userId: ada, role: 'root', by: operator, now })
      .thenRefuses({ status: 400, code: 'unknown_role' });
  });

  it('an admin cannot revoke their own admin role (403); another admin, or the operator, can', () => {
    const self: RoleActor = { kind: 'admin', userId: ada };
    spec
      .given(granted('admin'))
      .when({ type: 'RevokeRole', userId: ada, role: 'admin', by: self, now })
      .thenRefuses({ status: 403, code: 'cannot_revoke_own_admin', message: 'You cannot revoke your own admin role' });
    spec
      .given(granted('admin'))
      .when({ type: 'RevokeRole', userId: ada, role: 'admin', by: admin, now })
      .then([revoked('admin')]);
    // Their other roles they may drop themselves.
    spec
      .given(granted('admin'), granted('moderator'))
      .when({ type: 'RevokeRole', userId: ada, role: 'moderator', by: self, now })
      .then([revoked('moderator', ada)]);
  });
});

import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { rolesProjection, usersProjection } from '@myworld/projections';
import type { Role } from '@myworld/schemas';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { appendRoleGranted } from './roles.testing.ts';
import { roles } from './index.ts';
import { readModelsCaughtUp } from '../../platform/http/read-model-testing.ts';

/** The admin routes with the product's own RoleDirectory (the roles read model): roles granted as events. */
describe('roles: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'roles_access', projections: [usersProjection, rolesProjection] });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const caughtUp = async () => expect(await readModelsCaughtUp(h, ['users', 'roles'])).toBe(true);
  const signedIn = async (): Promise<TestClient> => h.client({ cookie: (await h.api.signedInUser()).cookie });
  const holding = (role: Role) => async (): Promise<TestClient> => {
    const user = await h.api.signedInUser();
    await appendRoleGranted(h.store, user.userId, role);
    await caughtUp();
    return h.client({ cookie: user.cookie });
  };
  /** Someone to grant a role to (or revoke it from: `holding`). */
  const target = async (holdingRole?: Role) => {
    const user = await h.api.signedInUser();
    if (holdingRole) await appendRoleGranted(h.store, user.userId, holdingRole);
    await caughtUp();
    return user.username;
  };

  const matrix: AccessMatrix<TestClient> = {
    'GET /api/admin/roles': { call: async ({ client }) => client.get('/api/admin/roles'), allowed: 200 },
    'POST /api/admin/roles': {
      call: async ({ client }) => client.post('/api/admin/roles', { username: await target(), role: 'moderator' }),
      allowed: 200,
    },
    'DELETE /api/admin/roles': {
      call: async ({ client }) =>
        client.request({
          method: 'DELETE',
          url: '/api/admin/roles',
          payload: { username: await target('analyst'), role: 'analyst' },
        }),
      allowed: 200,
    },
  };

  // Visitor 401, user 403, moderator and analyst 403, admin 200.
  testAccessMatrix(roles, matrix, {
    visitor: async () => h.client(),
    user: signedIn,
    staff: { moderator: holding('moderator'), analyst: holding('analyst'), admin: holding('admin') },
  });
});

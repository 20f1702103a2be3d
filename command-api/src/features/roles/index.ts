import { defineFeature } from '../../platform/feature.ts';
import { grantRole } from './routes/grant-role.ts';
import { listRoleHolders } from './routes/list-role-holders.ts';
import { revokeRole } from './routes/revoke-role.ts';

/** Roles: admins grant and revoke staff roles as events; the `roles` read model answers who holds what. */
export const roles = defineFeature({
  name: 'roles',
  routes: [listRoleHolders, grantRole, revokeRole],
});

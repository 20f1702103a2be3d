import { ROLE_MESSAGES } from '@myworld/schemas';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { GrantRoleForm } from './grant-role-form.tsx';
import { RoleHoldersList } from './role-holders-list.tsx';
import './roles.css';

/**
 * /admin/roles (signed in): admins grant and revoke staff roles. Anyone else sees the permission
 * message (the server refuses them the routes too).
 */
export function AdminRolesPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <main className="roles-page" data-testid="admin-roles-page">
      <h1 className="roles-page__title">Staff roles</h1>
      {user.roles.includes('admin') ? (
        <>
          <GrantRoleForm />
          <RoleHoldersList />
        </>
      ) : (
        <p className="muted" role="alert">
          {ROLE_MESSAGES.noPermission}
        </p>
      )}
    </main>
  );
}

import { roleChangeBody, roleChangeResponse } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { rolesRoute } from '../context.ts';
import { runRolesCommand } from '@myworld/write-model/roles';
import { userByUsername } from '../user-by-username.ts';

/** Revokes a role (admins only): 409 when the user does not hold it, 403 for an admin's own admin role. */
export const revokeRole = rolesRoute({
  method: 'DELETE',
  url: '/api/admin/roles',
  summary: 'Revoke a staff role',
  config: { auth: 'admin', command: 'RevokeRole', limit: 'staffActions' },
  schema: { body: roleChangeBody, response: { 200: withPosition(roleChangeResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const user = await userByUsername(ctx.readModels, request.body.username);
    const result = await runRolesCommand(
      ctx.store,
      { type: 'RevokeRole', userId: user.id, role: request.body.role, by: { kind: 'admin', userId }, now: new Date() },
      commandContext(request, userId),
    );
    return replyWithPosition(reply, result.position, {
      userId: user.id,
      username: user.username,
      roles: [...result.state.held].sort(),
    });
  },
});

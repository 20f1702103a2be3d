import { grantRoleBody, roleChangeResponse } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { rolesRoute } from '../context.ts';
import { runRolesCommand } from '@myworld/write-model/roles';
import { userByUsername } from '../user-by-username.ts';

/** Grants a role to a user (admins only); granting one already held records nothing. */
export const grantRole = rolesRoute({
  method: 'POST',
  url: '/api/admin/roles',
  summary: 'Grant a staff role',
  config: { auth: 'admin', command: 'GrantRole', limit: 'staffActions' },
  schema: { body: grantRoleBody, response: { 200: withPosition(roleChangeResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { role, reason } = request.body;
    const user = await userByUsername(ctx.readModels, request.body.username);
    const result = await runRolesCommand(
      ctx.store,
      { type: 'GrantRole', userId: user.id, role, reason, by: { kind: 'admin', userId }, now: new Date() },
      commandContext(request, userId),
    );
    return replyWithPosition(reply, result.position, {
      userId: user.id,
      username: user.username,
      roles: [...result.state.held].sort(),
    });
  },
});

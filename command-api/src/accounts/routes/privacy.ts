import type { FastifyInstance } from 'fastify';
import { privacySettingsBody } from '@myworld/schemas';
import { commandContext } from '../../http/command-context.ts';
import { replyWithPosition } from '../../http/command-reply.ts';
import { parseInput } from '../../http/validation.ts';
import { requireUserId } from '../../sessions/current-user.ts';
import { runUserCommand } from '../user-streams.ts';
import { waitForUsersModel, type AccountsDeps } from '../accounts-deps.ts';

/** PATCH /api/users/privacy: hideEngagement and/or hideActivity. */
export function registerPrivacyRoute(app: FastifyInstance, deps: AccountsDeps): void {
  app.patch('/api/users/privacy', { config: { command: 'ChangePrivacy' } }, async (request, reply) => {
    const userId = requireUserId(request);
    const body = parseInput(privacySettingsBody, request.body);
    const result = await runUserCommand(deps.services.store, userId, { type: 'ChangePrivacy', ...body }, commandContext(request, userId));
    await waitForUsersModel(deps, result.position);
    const { hideEngagement, hideActivity } = result.state;
    return replyWithPosition(reply, result.position, { message: 'Privacy settings updated', hideEngagement, hideActivity });
  });
}

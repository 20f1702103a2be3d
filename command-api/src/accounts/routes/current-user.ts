import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUTH_MESSAGES, currentUser, isUsernameValid } from '@myworld/schemas';
import { currentUserById, isUsernameTaken } from '@myworld/projections/users/users.queries';
import type { UsersDb } from '@myworld/projections/users/users.projection';
import { awaitMinPosition } from '../../http/min-position.ts';
import { parseInput } from '../../http/validation.ts';
import { DomainError } from '../../commands/domain-error.ts';
import { requireUserId } from '../../sessions/current-user.ts';
import { USERS_READ_MODEL, type AccountsDeps } from '../accounts-deps.ts';

const usernameParams = z.object({
  username: z.string().refine(isUsernameValid, { error: AUTH_MESSAGES.invalidUsername }),
});

/** GET /api/auth/user and GET /api/auth/check-username/{username}, both from the users read model. */
export function registerCurrentUserRoutes(app: FastifyInstance, deps: AccountsDeps): void {
  const { readModels, store, config } = deps.services;

  app.get('/api/auth/user', async (request, reply) => {
    const userId = requireUserId(request);
    await awaitMinPosition(request, reply, readModels, USERS_READ_MODEL, config.MIN_POSITION_WAIT_MS);
    let user = await currentUserById(await readModels.query<UsersDb>(USERS_READ_MODEL), userId);
    if (!user) {
      // Signed in a moment ago and the read model is behind: give it until it reaches the head.
      await readModels.waitFor(USERS_READ_MODEL, await store.headPosition(), config.MIN_POSITION_WAIT_MS);
      user = await currentUserById(await readModels.query<UsersDb>(USERS_READ_MODEL), userId);
    }
    if (!user) throw new DomainError('unauthorized', 'Please sign in first.', 401);
    return reply.header('cache-control', 'no-store').send(currentUser.parse(user));
  });

  app.get('/api/auth/check-username/:username', async (request, reply) => {
    const { username } = parseInput(usernameParams, request.params);
    await awaitMinPosition(request, reply, readModels, USERS_READ_MODEL, config.MIN_POSITION_WAIT_MS);
    const taken = await isUsernameTaken(await readModels.query<UsersDb>(USERS_READ_MODEL), username);
    return reply.header('cache-control', 'no-store').send({ available: !taken });
  });
}

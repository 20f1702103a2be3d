import type { FastifyInstance } from 'fastify';
import { registerBody } from '@myworld/schemas';
import { commandContext } from '../../http/command-context.ts';
import { replyWithPosition } from '../../http/command-reply.ts';
import { parseInput } from '../../http/validation.ts';
import { registerUser } from '../register-user.ts';
import { waitForUsersModel, type AccountsDeps } from '../accounts-deps.ts';

/** POST /api/auth/register: creates the account, mails the verification link and signs the user in. */
export function registerRegisterRoute(app: FastifyInstance, deps: AccountsDeps): void {
  app.post('/api/auth/register', { config: { command: 'RegisterUser' } }, async (request, reply) => {
    const body = parseInput(registerBody, request.body);
    const result = await registerUser(deps.services.store, body, commandContext(request, null), deps.services.config.TOKEN_SECRET);
    if (request.sessionId) await deps.sessions.store.destroy(request.sessionId);
    await deps.sessions.signIn(reply, result.userId);
    await waitForUsersModel(deps, result.position);
    return replyWithPosition(reply, result.position, { message: 'Registration successful! Please check your email to verify your account.' }, 201);
  });
}

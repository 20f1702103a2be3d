import type { FastifyInstance } from 'fastify';
import type { ApiServices } from './services.ts';
import { registerSessions } from './sessions/current-user.ts';
import { registerAccounts } from './accounts/index.ts';
import { registerLiveStreams } from './live-streams/register.ts';

/**
 * Each product feature registers its routes here, one line per feature. Sessions come first:
 * every feature reads `request.userId`, and the /ws gateway resolves users through `sessions`.
 */
export async function registerFeatures(app: FastifyInstance, services: ApiServices): Promise<void> {
  const sessions = await registerSessions(app, services);
  registerAccounts(app, services, sessions);
  await registerLiveStreams(app, services, sessions);
  void sessions;
}

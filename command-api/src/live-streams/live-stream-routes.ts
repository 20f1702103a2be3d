import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_STREAM_MESSAGES, activeStreamsQuery, startLiveStreamBody, streamIdParam, type LiveStream } from '@myworld/schemas';
import type { LiveStreamsDb } from '@myworld/projections/live-streams/live-streams.projection';
import { activeLiveStreams, liveAndUpcomingStreams, liveStreamById, recentStreamChat } from '@myworld/projections/live-streams/live-streams.queries';
import { DomainError } from '../commands/domain-error.ts';
import { uuidV5 } from '../commands/deterministic-id.ts';
import { commandContext } from '../http/command-context.ts';
import { replyWithPosition } from '../http/command-reply.ts';
import { awaitMinPosition } from '../http/min-position.ts';
import { parseInput } from '../http/validation.ts';
import { requireUserId } from '../sessions/current-user.ts';
import type { ApiServices } from '../services.ts';
import { loadLiveStream, runLiveStreamCommand } from './live-stream-store.ts';
import { liveStreamFromState } from './live-stream-view.ts';
import type { PublicProfiles } from './public-profiles.ts';

export interface LiveStreamRouteDeps {
  readonly services: ApiServices;
  readonly profiles: PublicProfiles;
  /** Called after a stream ended by its owner: stop its media and tell its room. */
  readonly onEnded: (streamId: string) => Promise<void>;
}

const READ_MODEL = 'live_streams';

/** The live stream calls of spec §7 plus GET /api/streams/{id} and its chat for the stream page. */
export function registerLiveStreamRoutes(app: FastifyInstance, deps: LiveStreamRouteDeps): void {
  const { services, profiles } = deps;
  const readModel = async (request: FastifyRequest, reply: FastifyReply) => {
    await awaitMinPosition(request, reply, services.readModels, READ_MODEL, services.config.MIN_POSITION_WAIT_MS);
    return services.readModels.query<LiveStreamsDb>(READ_MODEL);
  };

  app.post('/api/streams/start', { config: { command: 'StartLiveStream' } }, async (request, reply) => {
    const userId = requireUserId(request);
    const body = parseInput(startLiveStreamBody, request.body);
    const context = commandContext(request, userId);
    // A retried start (same Idempotency-Key) must land on the same stream, so its id derives from the key.
    const streamId = context.idempotencyKey ? uuidV5(`${userId}\u0000${context.idempotencyKey}\u0000live-stream-start`) : randomUUID();
    const result = await runLiveStreamCommand(services.store, streamId, { type: 'StartLiveStream', streamId, userId, ...body, now: new Date() }, context);
    if (result.state.status === 'not_started') throw new Error('a started stream folded to not_started');
    const stream = liveStreamFromState(result.state, await profiles.of(userId));
    return replyWithPosition(reply, result.position, { stream }, 201);
  });

  app.post('/api/streams/:id/join', async (request) => {
    const { id } = parseInput(streamIdParam, request.params);
    const state = await loadLiveStream(services.store, id);
    if (state.status === 'ended') throw new DomainError('stream_ended', LIVE_STREAM_MESSAGES.alreadyEnded, 410);
    const row = await liveStreamById(await services.readModels.query<LiveStreamsDb>(READ_MODEL), id).catch(() => undefined);
    return { stream: liveStreamFromState(state, await profiles.of(state.ownerId), row) };
  });

  app.post('/api/streams/:id/end', { config: { command: 'EndLiveStream' } }, async (request, reply) => {
    const userId = requireUserId(request);
    const { id } = parseInput(streamIdParam, request.params);
    const result = await runLiveStreamCommand(services.store, id, { type: 'EndLiveStream', by: { kind: 'user', userId }, now: new Date() }, commandContext(request, userId));
    if (result.appended) await deps.onEnded(id);
    return replyWithPosition(reply, result.position, { stream: { id, isActive: false as const } });
  });

  app.get('/api/streams/active', async (request, reply) => {
    const { category } = parseInput(activeStreamsQuery, request.query);
    const db = await readModel(request, reply);
    return activeLiveStreams(db, category && category !== 'all' ? { category } : {});
  });

  app.get('/api/streams/active/all', async (request, reply) => activeLiveStreams(await readModel(request, reply)));

  app.get('/api/live-streams', async (request, reply) => liveAndUpcomingStreams(await readModel(request, reply)));

  app.get('/api/streams/:id', async (request, reply) => {
    const { id } = parseInput(streamIdParam, request.params);
    const stream: LiveStream | undefined = await liveStreamById(await readModel(request, reply), id);
    if (!stream) throw new DomainError('not_found', LIVE_STREAM_MESSAGES.notFound, 404);
    return { stream };
  });

  app.get('/api/streams/:id/chat', async (request, reply) => {
    const { id } = parseInput(streamIdParam, request.params);
    return { messages: await recentStreamChat(await readModel(request, reply), id) };
  });
}

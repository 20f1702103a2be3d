import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { Redis } from 'ioredis';
import type { RawData } from 'ws';
import {
  PLATFORM_MESSAGES,
  WS_CLOSE_CODES,
  WS_MAX_MESSAGE_BYTES,
  clientMessage,
  withSafeText,
  type ClientMessage,
  type ClientMessageType,
  type EventMetadata,
  type ServerMessage,
} from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { clientInfo } from '../http/command-context.ts';
import { fromOwnPages } from '../http/same-origin.ts';
import { sessionIdFromCookieHeader } from '../sessions/session-cookie.ts';
import type { Sessions } from '../sessions/sessions.ts';
import { defaultWsLimits, type WsLimits } from './config.ts';
import { Connection } from './connection.ts';
import { RoomFanOut, type DeliveryFilter } from './fan-out.ts';
import { SESSION_REVOKED_CHANNEL, sessionFingerprint, type SessionRevocation } from '@myworld/write-model/sessions';

/** Client messages as every input is parsed: no NUL or lone surrogate in any string (an invalid_message naming the field). */
const safeClientMessage = withSafeText(clientMessage);

export type MessageHandler<T extends ClientMessageType> = (
  connection: Connection,
  message: Extract<ClientMessage, { type: T }>,
) => Promise<void>;
type AnyHandler = (connection: Connection, message: ClientMessage) => Promise<void>;

export interface GatewayOptions {
  readonly redis: Redis;
  readonly sessions: Pick<Sessions, 'userIdFromCookieHeader'>;
  readonly logger: FastifyBaseLogger;
  /** The product's own origin; browsers on other origins may not open the socket with our cookie. */
  readonly publicUrl: string;
  /** Redis channel prefix for the fan-out. Default: 'myworld:ws:'. */
  readonly channelPrefix?: string;
  /** Message rate and socket-count limits (the WS_* settings). Default: their documented defaults. */
  readonly limits?: WsLimits;
}

/** Adds a socket to a TTL'd sorted set when it holds fewer than ARGV[4] live members (atomic across instances). */
const ADD_SOCKET_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1`;

/** Maps a feature's failure (e.g. an SFU error) to a client error; undefined leaves it to the gateway. */
export type ErrorDescriber = (error: unknown) => { code: string; message: string } | undefined;

/**
 * The /ws socket on the API's origin, created once by app.ts; features register their message
 * handlers (`handle`), their disconnect work and their error descriptions on it. Identity comes from the session cookie on the upgrade (a
 * visitor's socket has no user); `authenticate` can only confirm it. Every client message is
 * parsed with the shared zod schema and handed to the feature that registered its type; a bad
 * message is answered with an `error` message, never by closing the socket. Rooms (a live stream,
 * a user) span all API instances through Redis.
 */
export class SocketGateway {
  private readonly handlers = new Map<ClientMessageType, AnyHandler>();
  private readonly disconnectHandlers: Array<(connection: Connection) => Promise<void>> = [];
  private readonly heartbeatHandlers: Array<(connections: readonly Connection[]) => Promise<void>> = [];
  private readonly roomListeners: Array<(room: string, message: ServerMessage) => void> = [];
  private readonly errorDescribers: ErrorDescriber[] = [];
  private readonly connections = new Map<string, Connection>();
  private readonly rooms = new Map<string, Set<Connection>>();
  private readonly fanOut: RoomFanOut;
  private readonly allowedOrigin: string;
  private readonly revocations: Redis;
  private stopped = false;
  private heartbeat: NodeJS.Timeout | undefined;
  readonly limits: WsLimits;

  constructor(private readonly options: GatewayOptions) {
    this.allowedOrigin = new URL(options.publicUrl).origin;
    this.limits = options.limits ?? defaultWsLimits;
    // Revoked sessions (sign-out, password reset) close their sockets on every instance.
    this.revocations = options.redis.duplicate();
    this.revocations.on('message', (channel: string, text: string) => {
      if (channel !== SESSION_REVOKED_CHANNEL) return;
      try {
        this.closeRevoked(JSON.parse(text) as SessionRevocation);
      } catch (error) {
        options.logger.warn({ err: error }, 'dropped a malformed session revocation');
      }
    });
    this.fanOut = new RoomFanOut(
      options.redis,
      (room, message, filter) => this.deliverLocally(room, message, filter),
      options.channelPrefix,
      (channel, error) =>
        options.logger.warn({ err: error, channel }, 'dropped a fan-out message that is not a server message'),
    );
    this.handle('authenticate', async (connection, message) => {
      if (message.userId !== connection.userId) {
        throw new DomainError(
          'authentication_mismatch',
          connection.userId
            ? 'authenticate names a different user than your session'
            : PLATFORM_MESSAGES.signInRequired,
          401,
        );
      }
      connection.send({ type: 'authenticated', userId: connection.userId });
    });
    this.handle('ping', async (connection) => connection.send({ type: 'pong' }));
  }

  /** Registers the handler of one client message type (one feature per type). */
  handle<T extends ClientMessageType>(type: T, handler: MessageHandler<T>): void {
    if (this.handlers.has(type)) throw new Error(`a handler for ${type} is already registered`);
    this.handlers.set(type, handler as AnyHandler);
  }

  /** Lets a feature turn its own failures into client errors (first describer that knows wins). */
  describeErrors(describer: ErrorDescriber): void {
    this.errorDescribers.push(describer);
  }

  /** Runs when a socket closes (after its queued messages), before it leaves its rooms. */
  onDisconnect(handler: (connection: Connection) => Promise<void>): void {
    this.disconnectHandlers.push(handler);
  }

  /**
   * Runs every third of WS_PRESENCE_TTL_SECONDS with this instance's open sockets, to refresh what
   * they keep alive in Redis (presence expires when an instance dies without closing its sockets).
   */
  onHeartbeat(handler: (connections: readonly Connection[]) => Promise<void>): void {
    this.heartbeatHandlers.push(handler);
  }

  /** Sees every message delivered to a room this instance has sockets in (e.g. to react to stream_ended). */
  onRoomMessage(listener: (room: string, message: ServerMessage) => void): void {
    this.roomListeners.push(listener);
  }

  /** Sends `message` to every socket in `room` on every instance (optionally not to one socket). */
  publish(room: string, message: ServerMessage, except?: Connection): Promise<void> {
    return this.fanOut.publish(room, message, { except: except?.id });
  }

  /**
   * Sends `message` to this instance's own sockets in `room` only (and its room listeners, e.g. its
   * SFU): what each instance's live reactor does, so that every instance pushes once to its own.
   */
  deliverHere(room: string, message: ServerMessage): void {
    this.deliverLocally(room, message, {});
  }

  /** Whether this instance has a socket in `room` (a live reaction with nobody here to tell reads nothing). */
  hasHere(room: string): boolean {
    return (this.rooms.get(room)?.size ?? 0) > 0;
  }

  /** Sends `message` only to user `userId`'s sockets in `room`, on every instance. */
  publishToMember(room: string, userId: string, message: ServerMessage): Promise<void> {
    return this.fanOut.publish(room, message, { onlyUser: userId });
  }

  async join(connection: Connection, room: string): Promise<void> {
    if (connection.rooms.has(room)) return;
    connection.rooms.add(room);
    let members = this.rooms.get(room);
    if (!members) this.rooms.set(room, (members = new Set()));
    members.add(connection);
    await this.fanOut.add(room);
  }

  async leave(connection: Connection, room: string): Promise<void> {
    if (!connection.rooms.delete(room)) return;
    const members = this.rooms.get(room);
    members?.delete(connection);
    if (members?.size === 0) this.rooms.delete(room);
    await this.fanOut.remove(room);
  }

  /** A socket of this instance by its id (e.g. the SFU peer whose consumer closed). */
  connection(id: string): Connection | undefined {
    return this.connections.get(id);
  }

  /** Event metadata for what one socket message causes. */
  metadata(connection: Connection): EventMetadata {
    return {
      actorId: connection.userId,
      correlationId: randomUUID(),
      causationId: null,
      requestId: connection.nextRequestId(),
      client: connection.client,
      timestamp: new Date().toISOString(),
    };
  }

  /** Subscribes to revocations, retrying while Redis is away (start-up must not need Redis). */
  private async subscribeRevocations(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.revocations.subscribe(SESSION_REVOKED_CHANNEL);
        return;
      } catch (error) {
        this.options.logger.warn({ err: error }, 'cannot subscribe to session revocations yet; retrying');
        await sleep(1000);
      }
    }
  }

  async register(app: FastifyInstance): Promise<void> {
    // Normally confirmed within milliseconds; with Redis down the API still starts (sessions then
    // answer 503) and the subscription completes once Redis is back.
    await Promise.race([this.subscribeRevocations(), sleep(2000)]);
    const ttlMs = this.limits.WS_PRESENCE_TTL_SECONDS * 1000;
    this.heartbeat = setInterval(() => void this.beat(), Math.max(1000, Math.floor(ttlMs / 3)));
    this.heartbeat.unref();
    await app.register(fastifyWebsocket, { options: { maxPayload: WS_MAX_MESSAGE_BYTES } });
    app.get(
      '/ws',
      {
        websocket: true,
        // Anyone may open the socket; each message handler checks who may do what.
        config: { auth: 'visitor' },
        schema: { hide: true },
        preValidation: async (request, reply) => {
          if (!fromOwnPages(request, this.allowedOrigin)) {
            await reply
              .status(403)
              .send({ error: 'forbidden_origin', message: 'This socket only accepts pages of this site' });
          }
        },
      },
      (socket, request) => {
        // Frames arriving while the session is looked up wait in order.
        const early: RawData[] = [];
        const buffer = (data: RawData) => early.push(data);
        socket.on('message', buffer);
        void this.options.sessions
          .userIdFromCookieHeader(request.headers.cookie)
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'session lookup failed on /ws; treating the socket as a visitor');
            return null;
          })
          .then(async (userId) => {
            const sessionId = userId ? sessionIdFromCookieHeader(request.headers.cookie) : null;
            const connection = new Connection(
              socket,
              userId,
              clientInfo(request),
              request.ip,
              sessionId ? sessionFingerprint(sessionId) : null,
              this.limits.WS_MAX_MESSAGES_PER_SECOND,
            );
            if (!(await this.admit(connection).catch(() => true))) {
              socket.off('message', buffer);
              connection.send({ type: 'error', code: 'too_many_sockets', message: PLATFORM_MESSAGES.tooManySockets });
              socket.close(WS_CLOSE_CODES.tooManySockets, 'too many sockets');
              return;
            }
            socket.off('message', buffer);
            this.open(connection);
            for (const data of early) this.receive(connection, data);
          })
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'could not open a /ws socket');
            socket.close(1011, 'server error');
          });
      },
    );
    app.addHook('onClose', async () => {
      this.stopped = true;
      clearInterval(this.heartbeat);
      for (const connection of this.connections.values()) connection.socket.close(1001, 'server shutting down');
      this.fanOut.close();
      this.revocations.disconnect();
    });
  }

  private open(connection: Connection): void {
    this.connections.set(connection.id, connection);
    connection.socket.on('message', (data, isBinary) => {
      if (isBinary)
        return connection.send({ type: 'error', code: 'invalid_message', message: 'messages must be JSON text' });
      this.receive(connection, data);
    });
    connection.socket.on('close', () => {
      void connection.enqueue(async () => {
        this.connections.delete(connection.id);
        await this.options.redis.zrem(this.socketsKey(connection), connection.id).catch(() => undefined);
        for (const handler of this.disconnectHandlers) {
          await handler(connection).catch((error: unknown) =>
            this.options.logger.error({ err: error, connection: connection.id }, 'disconnect handler failed'),
          );
        }
        for (const room of [...connection.rooms]) await this.leave(connection, room).catch(() => undefined);
      });
    });
    if (connection.userId)
      void connection.enqueue(() => this.join(connection, userRoom(connection.userId!)).catch(() => undefined));
  }

  private receive(connection: Connection, data: RawData): void {
    const text = data.toString();
    // Over the socket's rate: refused at once (not queued), and the socket stays open.
    if (!connection.takeToken()) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      const requestId = requestIdOf(parsed);
      const type =
        typeof (parsed as { type?: unknown } | null)?.type === 'string'
          ? (parsed as { type: string }).type.slice(0, 64)
          : undefined;
      return connection.send({
        type: 'error',
        code: 'rate_limited',
        message: PLATFORM_MESSAGES.rateLimited,
        ...(requestId !== undefined ? { requestId } : {}),
        ...(type ? { for: type } : {}),
      });
    }
    void connection.enqueue(async () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return connection.send({ type: 'error', code: 'invalid_json', message: 'messages must be JSON objects' });
      }
      const result = safeClientMessage.safeParse(parsed);
      const type =
        typeof (parsed as { type?: unknown } | null)?.type === 'string' ? (parsed as { type: string }).type : undefined;
      const requestId = requestIdOf(parsed);
      if (!result.success) {
        const issue = result.error.issues[0]!;
        const field = issue.path.map(String).join('.');
        const unknownType = issue.code === 'invalid_union' && field === 'type';
        return connection.send({
          type: 'error',
          code: unknownType ? 'unknown_type' : 'invalid_message',
          message: unknownType || !field ? issue.message : `${field}: ${issue.message}`,
          ...(requestId !== undefined ? { requestId } : {}),
          ...(type ? { for: type } : {}),
        });
      }
      const message = result.data;
      const handler = this.handlers.get(message.type);
      try {
        if (!handler) throw new DomainError('unsupported', `${message.type} is not handled by this server`, 400);
        await handler(connection, message);
      } catch (error) {
        connection.send({
          type: 'error',
          ...this.describe(error, connection),
          ...(requestId !== undefined ? { requestId } : {}),
          for: message.type,
        });
      }
    });
  }

  /** The Redis set that bounds this socket's kind: its user's sockets, or its address's visitor sockets. */
  private socketsKey(connection: Connection): string {
    return connection.userId ? `ws:sockets:user:${connection.userId}` : `ws:sockets:address:${connection.address}`;
  }

  /** Counts the socket against its user's (or visitor address's) limit; false when that is full. */
  private async admit(connection: Connection): Promise<boolean> {
    const now = Date.now();
    const max = connection.userId ? this.limits.WS_MAX_SOCKETS_PER_USER : this.limits.WS_MAX_SOCKETS_PER_ADDRESS;
    const ttl = this.limits.WS_PRESENCE_TTL_SECONDS;
    const added = await this.options.redis.eval(
      ADD_SOCKET_SCRIPT,
      1,
      this.socketsKey(connection),
      now,
      now + ttl * 1000,
      connection.id,
      max,
      ttl,
    );
    return added === 1;
  }

  private async beat(): Promise<void> {
    const connections = [...this.connections.values()];
    if (connections.length === 0) return;
    const expires = Date.now() + this.limits.WS_PRESENCE_TTL_SECONDS * 1000;
    const pipeline = this.options.redis.pipeline();
    for (const connection of connections) {
      pipeline.zadd(this.socketsKey(connection), 'XX', expires, connection.id);
      pipeline.expire(this.socketsKey(connection), this.limits.WS_PRESENCE_TTL_SECONDS);
    }
    await pipeline
      .exec()
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'socket presence refresh failed'));
    for (const handler of this.heartbeatHandlers) {
      await handler(connections).catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'socket heartbeat handler failed'),
      );
    }
  }

  /** Closes this instance's sockets that authenticated with a revoked session. */
  private closeRevoked(revocation: SessionRevocation): void {
    const sessions = new Set(revocation.sessions ?? []);
    for (const connection of this.connections.values()) {
      if (!connection.userId) continue;
      const revoked =
        (connection.sessionFingerprint !== null && sessions.has(connection.sessionFingerprint)) ||
        connection.userId === revocation.userId;
      if (!revoked) continue;
      connection.send({ type: 'error', code: 'session_revoked', message: PLATFORM_MESSAGES.sessionRevoked });
      connection.socket.close(WS_CLOSE_CODES.sessionRevoked, 'session revoked');
    }
  }

  private describe(error: unknown, connection: Connection): { code: string; message: string } {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    for (const describer of this.errorDescribers) {
      const described = describer(error);
      if (described) return described;
    }
    this.options.logger.error({ err: error, connection: connection.id }, 'socket message failed');
    return { code: 'internal_error', message: PLATFORM_MESSAGES.internalError };
  }

  private deliverLocally(room: string, message: ServerMessage, { except, onlyUser }: DeliveryFilter): void {
    for (const listener of this.roomListeners) listener(room, message);
    for (const connection of this.rooms.get(room) ?? []) {
      if (connection.id !== except && (onlyUser === undefined || connection.userId === onlyUser))
        connection.send(message);
    }
  }
}

export const userRoom = (userId: string) => `user:${userId}`;
export const streamRoom = (streamId: string) => `stream:${streamId}`;

function requestIdOf(parsed: unknown): string | number | undefined {
  const value = (parsed as { requestId?: unknown } | null)?.requestId;
  return (typeof value === 'string' && value.length > 0 && value.length <= 64) ||
    (typeof value === 'number' && Number.isInteger(value))
    ? value
    : undefined;
}

import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { Redis } from 'ioredis';
import type { RawData } from 'ws';
import { PLATFORM_MESSAGES, WS_MAX_MESSAGE_BYTES, clientMessage, type ClientMessage, type ClientMessageType, type EventMetadata, type ServerMessage } from '@myworld/schemas';
import { DomainError } from '../commands/domain-error.ts';
import { clientInfo } from '../http/command-context.ts';
import { fromOwnPages } from '../http/same-origin.ts';
import type { Sessions } from '../sessions/sessions.ts';
import { Connection } from './connection.ts';
import { RoomFanOut } from './fan-out.ts';

export type MessageHandler<T extends ClientMessageType> = (connection: Connection, message: Extract<ClientMessage, { type: T }>) => Promise<void>;
type AnyHandler = (connection: Connection, message: ClientMessage) => Promise<void>;

export interface GatewayOptions {
  readonly redis: Redis;
  readonly sessions: Pick<Sessions, 'userIdFromCookieHeader'>;
  readonly logger: FastifyBaseLogger;
  /** The product's own origin; browsers on other origins may not open the socket with our cookie. */
  readonly publicUrl: string;
  /** Redis channel prefix for the fan-out. Default: 'myworld:ws:'. */
  readonly channelPrefix?: string;
}

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
  private readonly roomListeners: Array<(room: string, message: ServerMessage) => void> = [];
  private readonly errorDescribers: ErrorDescriber[] = [];
  private readonly connections = new Map<string, Connection>();
  private readonly rooms = new Map<string, Set<Connection>>();
  private readonly fanOut: RoomFanOut;
  private readonly allowedOrigin: string;

  constructor(private readonly options: GatewayOptions) {
    this.allowedOrigin = new URL(options.publicUrl).origin;
    this.fanOut = new RoomFanOut(options.redis, (room, message, except) => this.deliverLocally(room, message, except), options.channelPrefix, (channel, error) =>
      options.logger.warn({ err: error, channel }, 'dropped a fan-out message that is not a server message'),
    );
    this.handle('authenticate', async (connection, message) => {
      if (message.userId !== connection.userId) {
        throw new DomainError('authentication_mismatch', connection.userId ? 'authenticate names a different user than your session' : PLATFORM_MESSAGES.signInRequired, 401);
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

  /** Sees every message delivered to a room this instance has sockets in (e.g. to react to stream_ended). */
  onRoomMessage(listener: (room: string, message: ServerMessage) => void): void {
    this.roomListeners.push(listener);
  }

  /** Sends `message` to every socket in `room` on every instance (optionally not to one socket). */
  publish(room: string, message: ServerMessage, except?: Connection): Promise<void> {
    return this.fanOut.publish(room, message, except?.id);
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

  async register(app: FastifyInstance): Promise<void> {
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
            await reply.status(403).send({ error: 'forbidden_origin', message: 'This socket only accepts pages of this site' });
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
          .then((userId) => {
            socket.off('message', buffer);
            const connection = new Connection(socket, userId, clientInfo(request));
            this.open(connection);
            for (const data of early) this.receive(connection, data);
          });
      },
    );
    app.addHook('onClose', async () => {
      for (const connection of this.connections.values()) connection.socket.close(1001, 'server shutting down');
      this.fanOut.close();
    });
  }

  private open(connection: Connection): void {
    this.connections.set(connection.id, connection);
    connection.socket.on('message', (data, isBinary) => {
      if (isBinary) return connection.send({ type: 'error', code: 'invalid_message', message: 'messages must be JSON text' });
      this.receive(connection, data);
    });
    connection.socket.on('close', () => {
      void connection.enqueue(async () => {
        this.connections.delete(connection.id);
        for (const handler of this.disconnectHandlers) {
          await handler(connection).catch((error: unknown) => this.options.logger.error({ err: error, connection: connection.id }, 'disconnect handler failed'));
        }
        for (const room of [...connection.rooms]) await this.leave(connection, room).catch(() => undefined);
      });
    });
    if (connection.userId) void connection.enqueue(() => this.join(connection, userRoom(connection.userId!)).catch(() => undefined));
  }

  private receive(connection: Connection, data: RawData): void {
    const text = data.toString();
    void connection.enqueue(async () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return connection.send({ type: 'error', code: 'invalid_json', message: 'messages must be JSON objects' });
      }
      const result = clientMessage.safeParse(parsed);
      const type = typeof (parsed as { type?: unknown } | null)?.type === 'string' ? ((parsed as { type: string }).type) : undefined;
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
        connection.send({ type: 'error', ...this.describe(error, connection), ...(requestId !== undefined ? { requestId } : {}), for: message.type });
      }
    });
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

  private deliverLocally(room: string, message: ServerMessage, except: string | undefined): void {
    for (const listener of this.roomListeners) listener(room, message);
    for (const connection of this.rooms.get(room) ?? []) if (connection.id !== except) connection.send(message);
  }
}

export const userRoom = (userId: string) => `user:${userId}`;
export const streamRoom = (streamId: string) => `stream:${streamId}`;

function requestIdOf(parsed: unknown): string | number | undefined {
  const value = (parsed as { requestId?: unknown } | null)?.requestId;
  return (typeof value === 'string' && value.length > 0 && value.length <= 64) || (typeof value === 'number' && Number.isInteger(value)) ? value : undefined;
}

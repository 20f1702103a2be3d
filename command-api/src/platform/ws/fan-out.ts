import type { Redis } from 'ioredis';
import { serverMessage, type ServerMessage } from '@myworld/schemas';

/** What travels between API instances: a server message for one room, optionally not for one socket, or only for one user's sockets. */
interface Envelope {
  readonly message: ServerMessage;
  readonly except?: string;
  readonly onlyUser?: string;
}

/** Who in the room gets a message: everyone but `except` (a socket id), and only `onlyUser`'s sockets when set. */
export interface DeliveryFilter {
  readonly except?: string | undefined;
  readonly onlyUser?: string | undefined;
}

export type RoomDelivery = (room: string, message: ServerMessage, filter: DeliveryFilter) => void;

/**
 * Rooms shared by every API instance through Redis pub/sub: one channel per room
 * (`{prefix}{room}`, e.g. `myworld:ws:stream:<id>`). An instance subscribes to a room's channel
 * while at least one of its sockets is in the room, so a message reaches exactly the instances
 * that have someone to give it to. Local sockets are also reached through Redis (one path).
 */
export class RoomFanOut {
  private readonly subscriber: Redis;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly publisher: Redis,
    private readonly deliver: RoomDelivery,
    private readonly prefix = 'myworld:ws:',
    private readonly onBadEnvelope: (channel: string, error: unknown) => void = () => undefined,
  ) {
    this.subscriber = publisher.duplicate();
    this.subscriber.on('message', (channel: string, text: string) => {
      if (!channel.startsWith(this.prefix)) return;
      try {
        const envelope = JSON.parse(text) as Envelope;
        this.deliver(channel.slice(this.prefix.length), serverMessage.parse(envelope.message), {
          except: envelope.except,
          onlyUser: envelope.onlyUser,
        });
      } catch (error) {
        this.onBadEnvelope(channel, error);
      }
    });
  }

  /** One more local member of `room`; the first one subscribes (resolves once Redis confirmed). */
  async add(room: string): Promise<void> {
    const n = (this.counts.get(room) ?? 0) + 1;
    this.counts.set(room, n);
    if (n === 1) await this.subscriber.subscribe(this.prefix + room);
  }

  /** One local member fewer; the last one unsubscribes. */
  async remove(room: string): Promise<void> {
    const n = (this.counts.get(room) ?? 0) - 1;
    if (n > 0) {
      this.counts.set(room, n);
      return;
    }
    this.counts.delete(room);
    if (n === 0) await this.subscriber.unsubscribe(this.prefix + room);
  }

  async publish(room: string, message: ServerMessage, filter: DeliveryFilter = {}): Promise<void> {
    const envelope: Envelope = {
      message,
      ...(filter.except ? { except: filter.except } : {}),
      ...(filter.onlyUser ? { onlyUser: filter.onlyUser } : {}),
    };
    await this.publisher.publish(this.prefix + room, JSON.stringify(envelope));
  }

  close(): void {
    this.subscriber.disconnect();
  }
}

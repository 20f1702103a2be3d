import type { types } from 'mediasoup';
import { SfuError, type SfuLimit } from './errors.ts';
import type { TransportDirection } from './types.ts';

type LimitName = SfuLimit['name'];

const LABELS: Record<LimitName, string> = {
  'send-transports': 'send transport',
  'recv-transports': 'receive transport',
  producers: 'producer',
  consumers: 'consumer',
};

/** Slots taken ahead of an await, so concurrent requests cannot pass a limit together. */
export type Reservation = {
  /** One reserved slot is now held (the object is in the peer's maps) or was not needed. */
  release(): void;
  /** Frees every slot not released yet (after a failure); safe to call more than once. */
  releaseAll(): void;
};

/**
 * One participant of a media room (a broadcaster or a viewer): the transports it opened and what it
 * produces or consumes over them, and the per-peer limits on them. Closing a transport closes its
 * producers/consumers, which frees their slots.
 */
export class RoomPeer {
  readonly transports = new Map<string, types.Transport>();
  readonly producers = new Map<string, types.Producer>();
  readonly consumers = new Map<string, types.Consumer>();
  private readonly pending: Record<LimitName, number> = {
    'send-transports': 0,
    'recv-transports': 0,
    producers: 0,
    consumers: 0,
  };

  constructor(readonly peerId: string) {}

  /**
   * Reserves `count` slots under `max`, counting what the peer holds and what is being created.
   * Throws SfuError('limit-exceeded') and reserves nothing when they do not fit.
   */
  reserve(name: LimitName, count: number, max: number): Reservation {
    const used = this.held(name) + this.pending[name];
    if (used + count > max) {
      const what = `${LABELS[name]}${max === 1 ? '' : 's'}`;
      throw new SfuError('limit-exceeded', `peer ${this.peerId} may have at most ${max} ${what} in a stream`, {
        name,
        max,
      });
    }
    this.pending[name] += count;
    let left = count;
    return {
      release: () => {
        if (left === 0) return;
        left -= 1;
        this.pending[name] -= 1;
      },
      releaseAll: () => {
        this.pending[name] -= left;
        left = 0;
      },
    };
  }

  addTransport(transport: types.Transport): void {
    this.transports.set(transport.id, transport);
    transport.observer.once('close', () => this.transports.delete(transport.id));
  }

  addProducer(producer: types.Producer): void {
    this.producers.set(producer.id, producer);
    producer.observer.once('close', () => this.producers.delete(producer.id));
  }

  addConsumer(consumer: types.Consumer): void {
    this.consumers.set(consumer.id, consumer);
    consumer.observer.once('close', () => this.consumers.delete(consumer.id));
  }

  transport(transportId: string): types.Transport {
    const transport = this.transports.get(transportId);
    if (!transport) throw new SfuError('transport-not-found', `peer ${this.peerId} has no transport ${transportId}`);
    return transport;
  }

  consumer(consumerId: string): types.Consumer {
    const consumer = this.consumers.get(consumerId);
    if (!consumer) throw new SfuError('consumer-not-found', `peer ${this.peerId} has no consumer ${consumerId}`);
    return consumer;
  }

  isConsuming(producerId: string): boolean {
    for (const consumer of this.consumers.values()) if (consumer.producerId === producerId) return true;
    return false;
  }

  /** Holds nothing (a piped-in peer whose producers all closed). */
  isEmpty(): boolean {
    return this.transports.size === 0 && this.producers.size === 0 && this.consumers.size === 0;
  }

  close(): void {
    for (const transport of [...this.transports.values()]) transport.close();
  }

  private held(name: LimitName): number {
    if (name === 'producers') return this.producers.size;
    if (name === 'consumers') return this.consumers.size;
    const direction: TransportDirection = name === 'send-transports' ? 'send' : 'recv';
    return [...this.transports.values()].filter((t) => directionOf(t) === direction).length;
  }
}

/** The direction the room recorded on a transport when it created it. */
export function directionOf(transport: types.Transport): TransportDirection {
  return (transport.appData as { direction: TransportDirection }).direction;
}

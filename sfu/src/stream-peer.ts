import type { types } from 'mediasoup';
import { SfuError } from './errors.ts';

/**
 * One participant of a live stream (the broadcaster or a viewer): the transports it opened and
 * what it produces or consumes over them. Closing a transport closes its producers/consumers.
 */
export class StreamPeer {
  readonly transports = new Map<string, types.Transport>();
  readonly producers = new Map<string, types.Producer>();
  readonly consumers = new Map<string, types.Consumer>();

  constructor(readonly peerId: string) {}

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

  close(): void {
    for (const transport of [...this.transports.values()]) transport.close();
  }
}

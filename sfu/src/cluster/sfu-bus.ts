import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/** Every message between instances, as it is checked on arrival (another process wrote it). */
const envelope = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('request'),
    id: z.string(),
    from: z.string(),
    method: z.string(),
    params: z.unknown(),
  }),
  z.object({ kind: z.literal('notice'), from: z.string(), method: z.string(), params: z.unknown() }),
  z.object({
    kind: z.literal('reply'),
    id: z.string(),
    result: z.unknown().optional(),
    error: z.string().optional(),
  }),
]);
type Envelope = z.infer<typeof envelope>;

export type BusHandler = (params: unknown, from: string) => Promise<unknown>;

/** What a request to another instance failed with: its handler's error text, or no answer in time. */
export class BusError extends Error {
  override name = 'BusError';
}

/**
 * Requests, replies and one-way notices between the SFUs of API instances, over Redis pub/sub:
 * each instance listens on `myworld:sfu:<instanceId>` (not a key, so no key prefix applies). A
 * request carries an id and its sender, and is answered on the sender's channel; one that gets no
 * answer within the timeout (the other instance is gone) fails with BusError.
 */
export class SfuBus {
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, BusHandler>();
  private readonly pending = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();

  constructor(
    private readonly redis: Redis,
    readonly instanceId: string,
    private readonly options: { timeoutMs: number; onError: (error: unknown, what: string) => void },
  ) {
    this.subscriber = redis.duplicate();
    // A long-lived connection: its errors are logged, never thrown (ioredis reconnects).
    this.subscriber.on('error', (error: unknown) => options.onError(error, 'sfu bus subscriber'));
    this.subscriber.on('message', (_channel: string, text: string) => this.receive(text));
  }

  static channel(instanceId: string): string {
    return `myworld:sfu:${instanceId}`;
  }

  async start(): Promise<void> {
    await this.subscriber.subscribe(SfuBus.channel(this.instanceId));
  }

  /** Answers requests (and takes notices) of `method`; what the handler throws goes back as the error. */
  handle(method: string, handler: BusHandler): void {
    this.handlers.set(method, handler);
  }

  request(to: string, method: string, params: unknown): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new BusError(`instance ${to} did not answer ${method} within ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.send(to, { kind: 'request', id, from: this.instanceId, method, params }).catch((error: unknown) => {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  /** Fire and forget: nothing tells whether it arrived. */
  async notify(to: string, method: string, params: unknown): Promise<void> {
    await this.send(to, { kind: 'notice', from: this.instanceId, method, params });
  }

  close(): void {
    for (const { timer, reject } of this.pending.values()) {
      clearTimeout(timer);
      reject(new BusError('the SFU bus closed'));
    }
    this.pending.clear();
    this.subscriber.disconnect();
  }

  private async send(to: string, message: Envelope): Promise<void> {
    await this.redis.publish(SfuBus.channel(to), JSON.stringify(message));
  }

  private receive(text: string): void {
    let message: Envelope;
    try {
      message = envelope.parse(JSON.parse(text));
    } catch (error) {
      this.options.onError(error, 'malformed sfu bus message');
      return;
    }
    if (message.kind === 'reply') {
      const waiting = this.pending.get(message.id);
      if (!waiting) return; // answered after its timeout
      this.pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.error !== undefined) waiting.reject(new BusError(message.error));
      else waiting.resolve(message.result);
      return;
    }
    const handler = this.handlers.get(message.method);
    const run = handler
      ? handler(message.params, message.from)
      : Promise.reject(new Error(`no handler for ${message.method}`));
    if (message.kind === 'notice') {
      run.catch((error: unknown) => this.options.onError(error, `sfu bus notice ${message.method}`));
      return;
    }
    run
      .then(
        (result) => this.send(message.from, { kind: 'reply', id: message.id, result }),
        (error: unknown) =>
          this.send(message.from, {
            kind: 'reply',
            id: message.id,
            error: error instanceof Error ? error.message : String(error),
          }),
      )
      .catch((error: unknown) => this.options.onError(error, `sfu bus reply to ${message.method}`));
  }
}

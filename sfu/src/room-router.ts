import type { types } from 'mediasoup';
import type { PooledWorker } from './worker-pool.ts';

/** Consumers promised to a viewer placed on a router before they exist; settle() once they do or the viewer goes. */
export type ConsumerPromise = { settle(): void };

/**
 * One router of a stream's media room, on one worker. The first (origin) router holds the
 * broadcasters' producers; each other router gets them through pipeToRouter (a PipeTransport pair
 * on loopback, the producer keeping its id) and serves viewers of its own, so a popular stream
 * spreads over several workers' cores.
 */
export class RoomRouter {
  /** Consumers on this router now: viewers' and, on the origin, the pipe consumers feeding other routers. */
  private consumers = 0;
  private promised = 0;
  // Per producer of the origin, the pipe that makes it consumable here (once each).
  private readonly pipes = new Map<string, Promise<void>>();

  constructor(
    readonly router: types.Router,
    readonly pooled: PooledWorker,
    /** The kernel receive buffer of the pipe sockets that receive a producer's whole stream. */
    private readonly pipeRecvBufferBytes: number,
  ) {
    router.observer.on('newtransport', (transport) =>
      transport.observer.on('newconsumer', (consumer) => {
        this.consumers += 1;
        consumer.observer.once('close', () => {
          this.consumers -= 1;
        });
      }),
    );
  }

  get worker(): types.Worker {
    return this.pooled.worker;
  }

  /** Consumers here plus those promised to viewers placed here who have not consumed yet. */
  expectedConsumers(): number {
    return this.consumers + this.promised;
  }

  /** Counts `count` consumers against this router and its worker until the viewer's consumers exist. */
  promise(count: number): ConsumerPromise {
    this.promised += count;
    this.pooled.pendingConsumers += count;
    let open = true;
    return {
      settle: () => {
        if (!open) return;
        open = false;
        this.promised -= count;
        this.pooled.pendingConsumers -= count;
      },
    };
  }

  /** Makes a producer of the origin router consumable here under its own id (no-op on the origin). */
  pipeFrom(origin: types.Router, producerId: string): Promise<void> {
    if (origin === this.router) return Promise.resolve();
    let pipe = this.pipes.get(producerId);
    if (!pipe) {
      pipe = origin
        .pipeToRouter({
          producerId,
          router: this.router,
          // Both routers are on this host: loopback, no SCTP (no data channels), no RTX on a lossless link.
          listenInfo: { protocol: 'udp', ip: '127.0.0.1', recvBufferSize: this.pipeRecvBufferBytes },
          enableSctp: false,
        })
        .then(({ pipeProducer }) => {
          pipeProducer?.observer.once('close', () => this.pipes.delete(producerId));
        });
      this.pipes.set(producerId, pipe);
      // A failed pipe (the producer closed meanwhile) is not remembered: the next call tries again.
      pipe.catch(() => {
        if (this.pipes.get(producerId) === pipe) this.pipes.delete(producerId);
      });
    }
    return pipe;
  }

  close(): void {
    this.router.close();
  }
}

import type { types } from 'mediasoup';

/** Live object counts of one worker, kept current from mediasoup's observer events. */
export type WorkerLoad = {
  routers: number;
  transports: number;
  producers: number;
  consumers: number;
};

/**
 * Counts what a worker carries by following its observers, so the numbers stay right however
 * objects are created or closed (explicitly, by a parent closing, or by the worker dying).
 */
export function trackWorkerLoad(worker: types.Worker): WorkerLoad {
  const load: WorkerLoad = { routers: 0, transports: 0, producers: 0, consumers: 0 };
  const count = (key: keyof WorkerLoad, observer: { once(event: 'close', listener: () => void): unknown }) => {
    load[key] += 1;
    observer.once('close', () => {
      load[key] -= 1;
    });
  };
  worker.observer.on('newrouter', (router) => {
    count('routers', router.observer);
    router.observer.on('newtransport', (transport) => {
      count('transports', transport.observer);
      transport.observer.on('newproducer', (producer) => count('producers', producer.observer));
      transport.observer.on('newconsumer', (consumer) => count('consumers', consumer.observer));
    });
  });
  return load;
}

/** Lower is less loaded: viewers (consumers) cost the most CPU, then routers break ties. */
export function compareLoad(a: WorkerLoad, b: WorkerLoad): number {
  return a.consumers - b.consumers || a.routers - b.routers;
}

import type { EventStore } from '@myworld/eventstore';

/**
 * The log as a projection `lagMs` behind sees it: only events at least that old are readable, and
 * each append wakes the reader once they are.
 */
export function lagging(store: EventStore, lagMs: number): EventStore {
  return {
    name: store.name,
    append: (...a) => store.append(...a),
    readStream: (...a) => store.readStream(...a),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
    async readAll(options) {
      const batch = await store.readAll(options);
      const cutoff = Date.now() - lagMs;
      const old = batch.findIndex((e) => e.createdAt.getTime() > cutoff);
      return old < 0 ? batch : batch.slice(0, old);
    },
    onAppended: (onWake) =>
      store.onAppended(() => {
        onWake();
        setTimeout(onWake, lagMs + 5).unref();
      }),
  };
}

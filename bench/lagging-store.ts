import type { EventStore, RecordedEvent } from '@myworld/eventstore';
import { comparePositions, type Position } from '@myworld/schemas';

/**
 * The log as a projection `lagMs` behind sees it: only events at least that old are readable, and
 * each append wakes the reader once they are. A delay line: each event is read from the store
 * once and held until it is old enough, as a projection that is behind reads each event once (the
 * log was read afresh at every wake before, up to 2 s of events hundreds of times a second, which
 * cost more CPU than the projection itself and took it from the API under test).
 */
export function lagging(store: EventStore, lagMs: number): EventStore {
  let held: RecordedEvent[] = [];
  /** Where the held events end (the next read from the store starts after it). */
  let heldUpTo: Position | undefined;
  /** Where the reader asked to read from last time. */
  let lastAfter: Position | undefined;
  return {
    name: store.name,
    append: (...a) => store.append(...a),
    readStream: (...a) => store.readStream(...a),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
    async readAll({ after, maxCount }) {
      // A reader starting over (a rebuild, another generation) or moved past what is held reads from `after`.
      if (!heldUpTo || !lastAfter || comparePositions(after, lastAfter) < 0 || comparePositions(after, heldUpTo) > 0) {
        held = [];
        heldUpTo = after;
      }
      lastAfter = after;
      held = held.filter((e) => comparePositions(e.position, after) > 0);
      const fresh = await store.readAll({ after: heldUpTo, maxCount });
      held.push(...fresh);
      heldUpTo = held.at(-1)?.position ?? heldUpTo;
      const cutoff = Date.now() - lagMs;
      const young = held.findIndex((e) => e.createdAt.getTime() > cutoff);
      return (young < 0 ? held : held.slice(0, young)).slice(0, maxCount);
    },
    onAppended: (onWake) => store.onAppended(() => void setTimeout(onWake, lagMs + 5).unref()),
  };
}

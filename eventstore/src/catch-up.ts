import type { Position } from '@myworld/schemas';
import type { EventStore, RecordedEvent } from './port.ts';

export interface CatchUpOptions {
  /** Exclusive start: events strictly after this position. */
  from: Position;
  batchSize: number;
  /** Handles one batch in global order; the next batch starts after its last event. */
  handle(batch: RecordedEvent[]): Promise<void>;
  /** Called each time the reader has reached the end of what is readable. */
  onCaughtUp?: () => Promise<void>;
  /** Stops the loop; the promise returned by catchUp then resolves. */
  signal: AbortSignal;
}

/**
 * A catch-up subscription: reads the log in batches from `from`, then sleeps until the store
 * says new events may be readable. Handling is sequential, so a slow handler applies
 * back-pressure instead of piling up reads.
 */
export async function catchUp(store: EventStore, options: CatchUpOptions): Promise<void> {
  const { batchSize, handle, signal, onCaughtUp } = options;
  let position = options.from;
  let wake: (() => void) | undefined;
  let woken = true;
  const subscription = await store.onAppended(() => {
    woken = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort);
  try {
    while (!signal.aborted) {
      if (!woken) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      woken = false;
      for (;;) {
        if (signal.aborted) return;
        const batch = await store.readAll({ after: position, maxCount: batchSize });
        if (batch.length > 0) {
          await handle(batch);
          position = batch[batch.length - 1]!.position;
        }
        if (batch.length < batchSize) {
          await onCaughtUp?.();
          break;
        }
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    await subscription.close();
  }
}

import type { RecordedEvent } from '@myworld/eventstore';
import type { RunHandler } from './projection.ts';

/** One step of applying a batch: a single event with a handler of its own (`run` undefined), or a run of consecutive events that `run` applies at once. */
export interface BatchStep {
  readonly run: RunHandler<any> | undefined;
  readonly events: readonly RecordedEvent[];
}

/**
 * A batch's relevant events, in order, with consecutive events whose types one run handler takes
 * gathered into runs (a lone one is a run of one: its run handler is its only implementation).
 * `oneByOne` makes every run a run of one: a failed run's retry, which names the failing event.
 */
export function batchSteps(
  runHandlers: readonly RunHandler<any>[],
  events: readonly RecordedEvent[],
  oneByOne = false,
): BatchStep[] {
  const runOf = new Map<string, RunHandler<any>>(
    runHandlers.flatMap((run) => run.types.map((type) => [type, run] as const)),
  );
  const steps: Array<{ run: RunHandler<any> | undefined; events: RecordedEvent[] }> = [];
  for (const event of events) {
    const run = runOf.get(event.type);
    const last = steps[steps.length - 1];
    if (run && !oneByOne && last?.run === run) last.events.push(event);
    else steps.push({ run, events: [event] });
  }
  return steps;
}

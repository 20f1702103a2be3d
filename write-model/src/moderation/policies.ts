import type { RecordedEvent } from '@myworld/eventstore';
import { SYSTEM_ACTOR, readEvent, type EventMetadata, type Position } from '@myworld/schemas';
import type { CommandContext } from '../commands/command-handler.ts';
import { hideIfReportedEnough, restoreIfCleared } from './auto-hide.ts';
import type { ModerationDeps } from './deps.ts';
import { removeReportedContent } from './remove-content.ts';
import { loadReport } from './report.store.ts';

export interface ModerationPolicyDeps extends ModerationDeps {
  /** Ends every session of a suspended user (the API's session store, in Redis). */
  readonly endSessionsOf: (userId: string) => Promise<unknown>;
  /** Stops a wait for the read models when the reactor stops. */
  readonly signal: AbortSignal;
  /** How long one wait for the read models lasts before it is logged and taken up again. Default: 5 s. */
  readonly readModelWaitMs?: number;
}

/** The read models moderation's decisions read: reports (who reported what, open reports, settings) and users (trust). */
const READ_MODELS = ['reports', 'users'] as const;

/**
 * Moderation's policies, as the batch handler of one checkpointed reactor (the workers run it,
 * one process at a time): what follows from a report's events, decided once each event is in the
 * read models the decision reads. Never in a request, never given up: a read model that is behind
 * (or stopped) holds the reactor until it has the event, then the decision is made; nothing is lost.
 * - ReportFiled: auto-hide when enough trusted users reported the item (auto-hide.ts);
 * - ReportDismissed: show a hidden item again once none of its reports is open;
 * - ReportResolved by a moderator with contentRemoved: the removal's fan-out (remove-content.ts).
 * Replay-safe: every command runs under an Idempotency-Key derived from the triggering event (and
 * the step), with the triggering event as causation, so a batch handled again records nothing twice.
 * Its events carry no request id: that is how a resolution of its own is told from a moderator's.
 */
export function moderationPolicies(deps: ModerationPolicyDeps) {
  return async (batch: readonly RecordedEvent[]): Promise<void> => {
    for (const recorded of batch) await reactTo(deps, recorded);
  };
}

async function reactTo(deps: ModerationPolicyDeps, recorded: RecordedEvent): Promise<void> {
  if (recorded.type !== 'ReportFiled' && recorded.type !== 'ReportDismissed' && recorded.type !== 'ReportResolved')
    return;
  const event = readEvent(recorded);
  if (!event) return;
  // The fan-out's own resolutions (recorded here, not in a request) follow from a removal already under way.
  if (event.type === 'ReportResolved' && (!event.data.contentRemoved || recorded.metadata.requestId === null)) return;
  if (event.type !== 'ReportFiled' && event.type !== 'ReportDismissed' && event.type !== 'ReportResolved') return;
  await readModelsHold(deps, recorded.position);
  const report = await loadReport(deps.store, event.data.reportId);
  if (report.status === 'none') return;
  // A moderator's decision's consequences are theirs (the timeline names them); auto-hide is the platform's.
  const context = contextFrom(
    recorded,
    event.type === 'ReportFiled' ? SYSTEM_ACTOR : (recorded.metadata.actorId ?? SYSTEM_ACTOR),
  );
  switch (event.type) {
    case 'ReportFiled':
      await hideIfReportedEnough(deps, report, context('hide'));
      return;
    case 'ReportDismissed':
      await restoreIfCleared(deps, report, event.data.moderatorId, context('restore'));
      return;
    case 'ReportResolved':
      await removeReportedContent(deps, report, event.data.moderatorId, context);
      return;
  }
}

/** Waits for as long as it takes (logging every `readModelWaitMs`) until the read models hold `position`. */
async function readModelsHold(deps: ModerationPolicyDeps, position: Position): Promise<void> {
  const waitMs = deps.readModelWaitMs ?? 5_000;
  for (const name of READ_MODELS) {
    while (!(await deps.readModels.waitFor(name, position, waitMs))) {
      deps.signal.throwIfAborted();
      deps.logger.warn({ readModel: name }, 'moderation policies: waiting for a read model that is behind');
    }
  }
  deps.signal.throwIfAborted();
}

/** A step's command context: on `actorId`'s behalf, caused by the event, under a key derived from it. */
function contextFrom(cause: RecordedEvent, actorId: string): (step: string) => CommandContext {
  const metadata: EventMetadata = {
    actorId,
    correlationId: cause.metadata.correlationId,
    causationId: cause.id,
    requestId: null,
    client: null,
    timestamp: new Date().toISOString(),
  };
  return (step) => ({ metadata, idempotencyKey: `${cause.id}:${step}`, idempotencyScope: 'moderation-policies' });
}

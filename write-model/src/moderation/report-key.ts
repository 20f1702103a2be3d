import type { EventStore } from '@myworld/eventstore';
import { reportKeyStreamName, type ModerationEvent } from '@myworld/schemas';
import { handleCommand, type CommandContext } from '../commands/command-handler.ts';
import type { Decider } from '../commands/decider.ts';
import { uuidV5 } from '../commands/deterministic-id.ts';

/** Namespace of report-key streams (a fixed random UUID). */
const REPORT_KEY_NAMESPACE = '0b6f3e1d-8a42-4c7e-b9d5-5e2c1a7f3d64';

/** The report an Idempotency-Key filed: none yet, or its id. */
type KeyState = string | null;

const keyDecider: Decider<KeyState, { readonly reportId: string; readonly reporterId: string }, ModerationEvent> = {
  initialState: () => null,
  evolve: (state, event) => (event.type === 'ReportKeyClaimed' ? event.data.reportId : state),
  // The first claim holds; a later one (a concurrent twin that lost the race) keeps it.
  decide: (command, state) =>
    state ? [] : [{ type: 'ReportKeyClaimed', data: { reportId: command.reportId, reporterId: command.reporterId } }],
};

/**
 * Binds a reporter's Idempotency-Key to the report `reportId` it files, on the key's own stream, and
 * answers the report the key is bound to. The claim runs through handleCommand under the same key,
 * so a request with another body (another fingerprint) is refused there with 422, whatever report
 * its body would name; a retry of the same request answers the report its first run claimed.
 */
export async function claimReportKey(
  store: EventStore,
  reporterId: string,
  reportId: string,
  context: CommandContext & { readonly idempotencyKey: string },
): Promise<string> {
  const stream = reportKeyStreamName(
    uuidV5(`${context.idempotencyScope ?? ''}\u0000${context.idempotencyKey}`, REPORT_KEY_NAMESPACE),
  );
  const result = await handleCommand(store, stream, keyDecider, { reportId, reporterId }, context);
  return result.state ?? reportId;
}

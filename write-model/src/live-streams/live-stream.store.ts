import type { EventStore } from '@myworld/eventstore';
import { LIVE_STREAM_MESSAGES, liveStreamStreamName, type LiveStreamEvent } from '@myworld/schemas';
import { handleCommand, loadAggregate, type CommandContext, type CommandResult } from '../commands/command-handler.ts';
import { DomainError } from '../commands/domain-error.ts';
import { liveStreamDecider, type LiveStreamCommand } from './live-stream.decider.ts';
import type { LiveStreamState, StartedLiveStream } from './live-stream.state.ts';

/** Chat and first views of a popular stream arrive together: they retry their conflicts longer. */
const MAX_ATTEMPTS = 20;

/** The live stream (`livestream-{id}`): load it, or run one command on it. */

export function runLiveStreamCommand(
  store: EventStore,
  streamId: string,
  command: LiveStreamCommand,
  context: CommandContext,
): Promise<CommandResult<LiveStreamState, LiveStreamEvent>> {
  return handleCommand(store, liveStreamStreamName(streamId), liveStreamDecider, command, context, MAX_ATTEMPTS);
}

/** The aggregate as the log has it now (404 when it never started). */
export async function loadLiveStream(store: EventStore, streamId: string): Promise<StartedLiveStream> {
  const { state } = await loadAggregate(store, liveStreamStreamName(streamId), liveStreamDecider);
  if (state.status === 'not_started') throw new DomainError('not_found', LIVE_STREAM_MESSAGES.notFound, 404);
  return state;
}

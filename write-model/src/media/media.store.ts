import { createHash } from 'node:crypto';
import type { EventStore } from '@myworld/eventstore';
import { mediaStreamName, type MediaEvent } from '@myworld/schemas';
import { handleCommand, loadAggregate, type CommandContext, type CommandResult } from '../commands/command-handler.ts';
import { mediaDecider, type MediaCommand } from './media.decider.ts';
import type { MediaState } from './media.state.ts';

/**
 * The media object of an upload: its id derives from the object key, so attaching the same
 * upload twice finds the same stream (`media-{id}`).
 */
export function mediaIdOfKey(key: string): string {
  const hex = createHash('sha256').update(`media:${key}`).digest('hex');
  // Shaped as a UUID (version 8: custom) so it reads like every other id.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function runMediaCommand(
  store: EventStore,
  mediaId: string,
  command: MediaCommand,
  context: CommandContext,
): Promise<CommandResult<MediaState, MediaEvent>> {
  return handleCommand(store, mediaStreamName(mediaId), mediaDecider, command, context);
}

export async function loadMedia(store: EventStore, mediaId: string): Promise<MediaState> {
  return (await loadAggregate(store, mediaStreamName(mediaId), mediaDecider)).state;
}

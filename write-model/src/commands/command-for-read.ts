import type { EventStore } from '@myworld/eventstore';
import type { Position } from '@myworld/schemas';
import { handleCommand, type CommandContext, type CommandInput, type CommandResult } from './command-handler.ts';
import type { Decider, DomainEvent } from './decider.ts';

/**
 * handleCommand, plus `readPosition`: where a read model must be to show the stream as this
 * command left it. That is the command's own last event, or, when it recorded nothing (liking a
 * post already liked), the stream's last event, so a repeat reads the count the first one made.
 */
export async function handleCommandForRead<State, Command, Event extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  command: CommandInput<State, Command>,
  context: CommandContext,
): Promise<CommandResult<State, Event> & { readonly readPosition: Position | null }> {
  let streamHead: Position | null = null;
  const result = await handleCommand(
    store,
    stream,
    decider,
    (loaded) => {
      streamHead = loaded.history.at(-1)?.position ?? null;
      return typeof command === 'function'
        ? (command as (l: typeof loaded) => Command | Promise<Command>)(loaded)
        : command;
    },
    context,
  );
  return { ...result, readPosition: result.position ?? streamHead };
}

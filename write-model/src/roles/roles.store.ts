import type { EventStore } from '@myworld/eventstore';
import { rolesStreamName, type RoleEvent } from '@myworld/schemas';
import { handleCommand, type CommandContext, type CommandResult } from '../commands/command-handler.ts';
import { rolesDecider, type RolesCommand } from './roles.decider.ts';
import type { RolesState } from './roles.state.ts';

/** Runs one command on the user's roles stream (`roles-{userId}`). */
export function runRolesCommand(
  store: EventStore,
  command: RolesCommand,
  context: CommandContext,
): Promise<CommandResult<RolesState, RoleEvent>> {
  return handleCommand(store, rolesStreamName(command.userId), rolesDecider, command, context);
}

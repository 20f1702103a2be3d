import { contentCard, type ContentCard, type ReportsDb } from '@myworld/projections';
import type { ContentType } from '@myworld/schemas';
import { handleCommand, type CommandContext } from '../commands/command-handler.ts';
import { contentModerationDecider, type ContentModerationCommand } from './content.decider.ts';
import type { ModerationDeps } from './deps.ts';

/**
 * Where an item lives and who made it, from the reports read model's content cards (a message's
 * conversation stream is known from its MessageSent only). Undefined for an id no content has:
 * there is then nothing to hide or remove.
 */
export async function locateContent(
  ctx: ModerationDeps,
  contentType: ContentType,
  contentId: string,
): Promise<ContentCard | undefined> {
  return contentCard(await ctx.readModels.query<ReportsDb>('reports'), contentType, contentId);
}

/** Runs one moderation command on the item's own stream. */
export function runContentCommand(
  ctx: ModerationDeps,
  card: ContentCard,
  command: ContentModerationCommand,
  context: CommandContext,
) {
  return handleCommand(
    ctx.store,
    card.stream,
    contentModerationDecider(card.content_type, card.content_id),
    command,
    context,
  );
}

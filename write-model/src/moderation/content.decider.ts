import { MODERATION_MESSAGES, type ContentType, type ModerationEvent } from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';
import {
  evolveContentModeration,
  initialContentModerationState,
  type ContentModerationState,
} from './content.state.ts';

/**
 * Commands on one content item's moderation, decided on the item's own stream. The first three are
 * idempotent: removing removed content, hiding hidden content or restoring visible content decides
 * nothing, so a retried or concurrent run appends nothing twice.
 */
export type ContentModerationCommand =
  /** Remove Content: the moderator resolved `reportIds` (the item's open reports) together. */
  | {
      readonly type: 'RemoveContent';
      readonly authorId: string;
      readonly moderatorId: string;
      readonly reportIds: readonly string[];
      readonly note: string;
      readonly now: Date;
    }
  /** A report was filed: `reporterCount` distinct users reported it since it was last shown again. */
  | {
      readonly type: 'HideReportedContent';
      readonly reporterCount: number;
      readonly threshold: number;
      readonly now: Date;
    }
  /** The item's last open report was dismissed. */
  | { readonly type: 'RestoreContent'; readonly moderatorId: string; readonly now: Date }
  /** An admin reinstates a suspended (removed) user; anything else is refused (409 not_suspended). */
  | { readonly type: 'ReinstateAccount'; readonly adminId: string; readonly note: string; readonly now: Date };

export function contentModerationDecider(
  contentType: ContentType,
  contentId: string,
): Decider<ContentModerationState, ContentModerationCommand, ModerationEvent> {
  return {
    initialState: initialContentModerationState,
    evolve: evolveContentModeration(contentType, contentId),
    decide: (command, state) => {
      const at = command.now.toISOString();
      switch (command.type) {
        case 'RemoveContent': {
          if (state.visibility === 'removed') return [];
          const { authorId, moderatorId, reportIds, note } = command;
          return [
            {
              type: 'ContentRemoved',
              data: { contentType, contentId, authorId, moderatorId, reportIds: [...reportIds], note, removedAt: at },
            },
          ];
        }
        case 'HideReportedContent':
          if (state.visibility !== 'visible' || command.reporterCount < command.threshold) return [];
          return [
            {
              type: 'ContentHidden',
              data: { contentType, contentId, reporterCount: command.reporterCount, hiddenAt: at },
            },
          ];
        case 'RestoreContent':
          if (state.visibility !== 'hidden') return [];
          return [
            {
              type: 'ContentRestored',
              data: { contentType, contentId, moderatorId: command.moderatorId, restoredAt: at },
            },
          ];
        case 'ReinstateAccount':
          if (contentType !== 'user' || state.visibility !== 'removed')
            throw new DomainError('not_suspended', MODERATION_MESSAGES.notSuspended, 409, 'userId');
          return [
            {
              type: 'AccountReinstated',
              data: { userId: contentId, adminId: command.adminId, note: command.note, reinstatedAt: at },
            },
          ];
      }
    },
  };
}

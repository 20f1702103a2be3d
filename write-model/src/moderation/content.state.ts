import type { ContentType, ModerationEvent } from '@myworld/schemas';

/**
 * What moderation did to ONE content item, folded from its own stream. The stream also holds the
 * content's own events (and, for a conversation, other messages' moderation events), which leave
 * this state as it is.
 */
export interface ContentModerationState {
  readonly visibility: 'visible' | 'hidden' | 'removed';
  /** When it was last shown again after being hidden (reports filed before then no longer count toward hiding it). */
  readonly restoredAt: string | null;
}

export const initialContentModerationState = (): ContentModerationState => ({
  visibility: 'visible',
  restoredAt: null,
});

/** The evolve of one item's moderation: events about other items (or not about moderation) change nothing. */
export function evolveContentModeration(contentType: ContentType, contentId: string) {
  return (state: ContentModerationState, event: ModerationEvent): ContentModerationState => {
    // The only way back from removal: an admin reinstates a suspended user.
    if (event.type === 'AccountReinstated')
      return contentType === 'user' && event.data.userId === contentId
        ? { visibility: 'visible', restoredAt: event.data.reinstatedAt }
        : state;
    if (!('contentType' in event.data) || event.data.contentType !== contentType || event.data.contentId !== contentId)
      return state;
    switch (event.type) {
      case 'ContentRemoved':
        return { ...state, visibility: 'removed' };
      case 'ContentHidden':
        return state.visibility === 'removed' ? state : { ...state, visibility: 'hidden' };
      case 'ContentRestored':
        return state.visibility === 'removed' ? state : { visibility: 'visible', restoredAt: event.data.restoredAt };
      default:
        return state;
    }
  };
}

import type { EngagementEvent } from '@myworld/schemas';

/** The comment events, the only ones on a comment stream. */
export type CommentEvent = Extract<EngagementEvent, { type: 'CommentAdded' | 'CommentDeleted' }>;

/** One comment (stream `comment-{commentId}`) as its events leave it. */
export type CommentState =
  | { readonly status: 'none' }
  | {
      readonly status: 'added' | 'deleted';
      readonly commentId: string;
      readonly postId: string;
      readonly authorId: string;
    };

export const initialCommentState = (): CommentState => ({ status: 'none' });

export function evolveComment(state: CommentState, event: CommentEvent): CommentState {
  switch (event.type) {
    case 'CommentAdded':
      return {
        status: 'added',
        commentId: event.data.commentId,
        postId: event.data.postId,
        authorId: event.data.authorId,
      };
    case 'CommentDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      // Moderation's events on this stream (ContentRemoved, ContentHidden, ContentRestored) do not change it.
      return state;
  }
}

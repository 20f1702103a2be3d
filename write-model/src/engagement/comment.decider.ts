import { COMMENT_MAX, ENGAGEMENT_MESSAGES } from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';
import { evolveComment, initialCommentState, type CommentEvent, type CommentState } from './comment.state.ts';

/** Commands of a comment; that its post exists (and whose it is) is checked before, from the post's stream. */
export type CommentCommand =
  | {
      readonly type: 'AddComment';
      readonly commentId: string;
      readonly postId: string;
      readonly postAuthorId: string;
      readonly authorId: string;
      readonly content: string;
      readonly now: Date;
    }
  /** `postId` is the post the caller names: a comment of another post is not found there. */
  | { readonly type: 'DeleteComment'; readonly postId: string; readonly userId: string; readonly now: Date };

export function decideComment(command: CommentCommand, state: CommentState): CommentEvent[] {
  switch (command.type) {
    case 'AddComment': {
      if (state.status !== 'none') throw new DomainError('comment_exists', 'This comment already exists', 409);
      const content = command.content.trim();
      if (content.length === 0)
        throw new DomainError('comment_required', ENGAGEMENT_MESSAGES.commentRequired, 400, 'content');
      if (content.length > COMMENT_MAX)
        throw new DomainError('comment_too_long', ENGAGEMENT_MESSAGES.commentTooLong, 400, 'content');
      const { commentId, postId, postAuthorId, authorId, now } = command;
      return [
        {
          type: 'CommentAdded',
          data: { commentId, postId, postAuthorId, authorId, content, createdAt: now.toISOString() },
        },
      ];
    }
    case 'DeleteComment': {
      if (state.status !== 'added' || state.postId !== command.postId)
        throw new DomainError('not_found', ENGAGEMENT_MESSAGES.commentNotFound, 404, 'commentId');
      if (state.authorId !== command.userId)
        throw new DomainError('forbidden', ENGAGEMENT_MESSAGES.notCommentAuthor, 403);
      return [
        {
          type: 'CommentDeleted',
          data: {
            commentId: state.commentId,
            postId: state.postId,
            authorId: state.authorId,
            deletedAt: command.now.toISOString(),
          },
        },
      ];
    }
  }
}

export const commentDecider: Decider<CommentState, CommentCommand, CommentEvent> = {
  initialState: initialCommentState,
  decide: decideComment,
  evolve: evolveComment,
};

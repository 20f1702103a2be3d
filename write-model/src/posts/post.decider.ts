import { POST_MESSAGES, type EditorEffect, type FontStyle, type PostEvent, type VideoCategory } from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';
import { evolvePost, initialPostState, type PostState } from './post.state.ts';

/** Commands of a post. A photo arrives already checked and processed (the route attaches it). */
export type PostCommand =
  | {
      readonly type: 'CreateTextPost';
      readonly postId: string;
      readonly authorId: string;
      readonly content: string;
      readonly backgroundColor: string;
      readonly textColor: string;
      readonly fontStyle: FontStyle;
      readonly image: { readonly url: string; readonly mediaId: string } | null;
      readonly now: Date;
    }
  | {
      readonly type: 'SubmitVideoPost';
      readonly postId: string;
      readonly authorId: string;
      /** The author's own video, checked and attached by the route; it publishes once processed. */
      readonly mediaId: string;
      readonly description: string;
      readonly category: VideoCategory;
      /** The video editor's effects list (already validated), when the video came from the editor. */
      readonly effects?: readonly EditorEffect[] | undefined;
      readonly now: Date;
    }
  | { readonly type: 'DeletePost'; readonly userId: string; readonly now: Date };

export function decidePost(command: PostCommand, state: PostState): PostEvent[] {
  switch (command.type) {
    case 'CreateTextPost': {
      if (state.status !== 'none') throw new DomainError('post_exists', 'This post already exists', 409);
      const content = command.content.trim();
      if (content.length === 0 && !command.image)
        throw new DomainError('content_required', POST_MESSAGES.contentRequired, 400, 'content');
      const { postId, authorId, backgroundColor, textColor, fontStyle, image, now } = command;
      return [
        {
          type: 'TextPostCreated',
          data: {
            postId,
            authorId,
            content,
            backgroundColor,
            textColor,
            fontStyle,
            imageUrl: image?.url ?? null,
            imageMediaId: image?.mediaId ?? null,
            createdAt: now.toISOString(),
          },
        },
      ];
    }
    case 'SubmitVideoPost': {
      if (state.status !== 'none') throw new DomainError('post_exists', 'This post already exists', 409);
      const { postId, authorId, mediaId, category, effects, now } = command;
      const data = {
        postId,
        authorId,
        mediaId,
        description: command.description.trim(),
        category,
        ...(effects ? { effects: [...effects] } : {}),
        createdAt: now.toISOString(),
      };
      return [{ type: 'VideoPostSubmitted', data }];
    }
    case 'DeletePost': {
      if (state.status !== 'published') throw new DomainError('not_found', POST_MESSAGES.notFound, 404);
      if (state.authorId !== command.userId) throw new DomainError('forbidden', POST_MESSAGES.notAuthor, 403);
      return [
        {
          type: 'PostDeleted',
          data: { postId: state.postId, authorId: state.authorId, deletedAt: command.now.toISOString() },
        },
      ];
    }
  }
}

export const postDecider: Decider<PostState, PostCommand, PostEvent> = {
  initialState: initialPostState,
  decide: decidePost,
  evolve: evolvePost,
};

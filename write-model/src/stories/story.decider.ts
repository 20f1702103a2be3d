import { POST_MESSAGES, STORY_MESSAGES, type StoryMediaType } from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';
import { evolveStory, initialStoryState, type StoryState, type StoryStreamEvent } from './story.state.ts';

/**
 * Commands of a story. An image or video arrives already checked and attached as a media object
 * (the route streams and attaches it); expiring is the expiry job's, once the story's time is up.
 */
export type StoryCommand =
  | {
      readonly type: 'CreateStory';
      readonly storyId: string;
      readonly authorId: string;
      readonly mediaType: StoryMediaType;
      readonly content: string;
      readonly backgroundColor: string;
      /** The attached file of an image or video story (ignored for text); null when none was sent. */
      readonly media: { readonly mediaId: string; readonly url: string } | null;
      /** How long the story lives (STORY_TTL_SECONDS). */
      readonly ttlSeconds: number;
      readonly now: Date;
    }
  | { readonly type: 'ExpireStory'; readonly now: Date };

export function decideStory(command: StoryCommand, state: StoryState): StoryStreamEvent[] {
  switch (command.type) {
    case 'CreateStory': {
      if (state.status !== 'none') throw new DomainError('story_exists', 'This story already exists', 409);
      const { storyId, authorId, mediaType, backgroundColor, ttlSeconds, now } = command;
      const content = command.content.trim();
      const media = mediaType === 'text' ? null : command.media;
      if (mediaType === 'text' && content.length === 0)
        throw new DomainError('content_required', POST_MESSAGES.contentRequired, 400, 'content');
      if (mediaType !== 'text' && !media)
        throw new DomainError('media_required', STORY_MESSAGES.mediaRequired, 400, 'media');
      const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
      return [
        {
          type: 'StoryCreated',
          data: {
            storyId,
            authorId,
            mediaType,
            content,
            backgroundColor,
            mediaId: media?.mediaId ?? null,
            mediaUrl: media?.url ?? null,
            createdAt: now.toISOString(),
            expiresAt: expiresAt.toISOString(),
          },
        },
      ];
    }
    case 'ExpireStory': {
      if (state.status === 'none') throw new DomainError('not_found', STORY_MESSAGES.notFound, 404);
      // A rerun of the job (a crash after appending) records nothing twice.
      if (state.status === 'expired') return [];
      if (command.now.getTime() < state.expiresAt.getTime())
        throw new DomainError('not_expired', `This story expires at ${state.expiresAt.toISOString()}`, 409);
      return [
        {
          type: 'StoryExpired',
          data: {
            storyId: state.storyId,
            authorId: state.authorId,
            mediaId: state.mediaId,
            expiredAt: command.now.toISOString(),
          },
        },
      ];
    }
  }
}

export const storyDecider: Decider<StoryState, StoryCommand, StoryStreamEvent> = {
  initialState: initialStoryState,
  decide: decideStory,
  evolve: evolveStory,
};

import type { DomainEvent, PostEvent, PostKind } from '@myworld/schemas';

/** What the post stream holds: the post's own events and moderation's decisions about it. */
export type PostStreamEvent =
  PostEvent | Extract<DomainEvent, { type: 'ContentRemoved' | 'ContentHidden' | 'ContentRestored' }>;

/**
 * A post (stream `post-{id}`) as its events leave it. `removed`: a moderator removed it (final);
 * `hidden`: auto-hidden pending review, until restored. Either way nobody may engage with it.
 */
export type PostState =
  | { readonly status: 'none' }
  | {
      readonly status: 'published' | 'deleted' | 'removed';
      readonly postId: string;
      readonly authorId: string;
      readonly kind: PostKind;
      readonly mediaId: string | null;
      readonly hidden: boolean;
    };

export const initialPostState = (): PostState => ({ status: 'none' });

export function evolvePost(state: PostState, event: PostStreamEvent): PostState {
  switch (event.type) {
    case 'TextPostCreated':
      return {
        status: 'published',
        postId: event.data.postId,
        authorId: event.data.authorId,
        kind: 'text',
        mediaId: event.data.imageMediaId,
        hidden: false,
      };
    case 'VideoPostSubmitted':
      return {
        status: 'published',
        postId: event.data.postId,
        authorId: event.data.authorId,
        kind: 'video',
        mediaId: event.data.mediaId,
        hidden: false,
      };
    case 'PostDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    case 'ContentRemoved':
      return state.status === 'published' ? { ...state, status: 'removed' } : state;
    case 'ContentHidden':
      return state.status === 'none' ? state : { ...state, hidden: true };
    case 'ContentRestored':
      return state.status === 'none' ? state : { ...state, hidden: false };
    default:
      return state;
  }
}

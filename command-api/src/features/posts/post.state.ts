import type { PostEvent, PostKind } from '@myworld/schemas';

/** A post (stream `post-{id}`) as its events leave it. */
export type PostState =
  | { readonly status: 'none' }
  | { readonly status: 'published' | 'deleted'; readonly postId: string; readonly authorId: string; readonly kind: PostKind; readonly mediaId: string | null };

export const initialPostState = (): PostState => ({ status: 'none' });

export function evolvePost(state: PostState, event: PostEvent): PostState {
  switch (event.type) {
    case 'TextPostCreated':
      return { status: 'published', postId: event.data.postId, authorId: event.data.authorId, kind: 'text', mediaId: event.data.imageMediaId };
    case 'VideoPostSubmitted':
      return { status: 'published', postId: event.data.postId, authorId: event.data.authorId, kind: 'video', mediaId: event.data.mediaId };
    case 'PostDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      // Moderation's events on this stream (ContentRemoved, ContentHidden, ContentRestored) do not change it.
      return state;
  }
}

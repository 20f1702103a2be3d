import type { ContentType } from '@myworld/schemas';

/**
 * Where a moderator opens reported content: the post's, video's, profile's or stream's page.
 * Comments, stories and messages have no page of their own: null (the card quotes them instead).
 */
export function contentLink(type: ContentType, id: string): string | null {
  const path = encodeURIComponent(id);
  switch (type) {
    case 'video':
      return `/video/${path}`;
    case 'text_post':
      return `/post/${path}`;
    case 'user':
      return `/profile/${path}`;
    case 'stream':
      return `/stream/${path}`;
    default:
      return null;
  }
}

import type { SearchResult } from '@myworld/schemas';

/** Where a result leads: a user's profile by username, a video's or text post's detail page, a hashtag's page. */
export function resultHref(result: SearchResult): string {
  switch (result.type) {
    case 'user':
      return profileHref(result.user?.username ?? result.content);
    case 'video':
      return `/video/${encodeURIComponent(result.id)}`;
    case 'text_post':
      return `/post/${encodeURIComponent(result.id)}`;
    case 'hashtag':
      return hashtagHref(result.id);
  }
}

/** A hashtag's page; the tag without its #. */
export function hashtagHref(tag: string): string {
  return `/hashtag/${encodeURIComponent(tag.replace(/^#/, ''))}`;
}

/** A user's profile, by username (the public profile page takes an id or a username). */
export function profileHref(username: string): string {
  return `/profile/${encodeURIComponent(username)}`;
}

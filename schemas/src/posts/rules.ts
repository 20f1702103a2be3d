import { z } from 'zod';

/** What a post may hold: its limits and the text post's look. */
export const TEXT_POST_MAX = 300;
export const FONT_STYLES = ['normal', 'bold', 'italic'] as const;
export const fontStyle = z.enum(FONT_STYLES, { error: `fontStyle must be one of ${FONT_STYLES.join(', ')}` });
export type FontStyle = z.infer<typeof fontStyle>;
export const DEFAULT_TEXT_POST_BACKGROUND = '#000000';
export const DEFAULT_TEXT_POST_TEXT_COLOR = '#ffffff';

/** A short video's description (at most 200 characters, the /quick-videos form's limit). */
export const VIDEO_DESCRIPTION_MAX = 200;
/** The discover page's categories (without "all"), plus none. */
export const VIDEO_CATEGORIES = [
  'none',
  'music',
  'comedy',
  'gaming',
  'food',
  'travel',
  'fitness',
  'tech',
  'fashion',
] as const;
export const videoCategory = z.enum(VIDEO_CATEGORIES, {
  error: `category must be one of ${VIDEO_CATEGORIES.join(', ')}`,
});
export type VideoCategory = z.infer<typeof videoCategory>;

export const POST_KINDS = ['text', 'video'] as const;
export type PostKind = (typeof POST_KINDS)[number];
/** A video appears once processed; until then only its author sees it, and why it failed. */
export const POST_STATUSES = ['processing', 'published', 'failed'] as const;
export const postStatus = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof postStatus>;

/** The public links the client copies when sharing. */
export const postLink = (post: { id: string; kind: PostKind }) =>
  post.kind === 'video' ? `/video/${post.id}` : `/post/${post.id}`;

/** How a text post looks as a card (profiles, Trending, Recommendations): its colours and font style. */
export const textPostStyle = z.object({
  backgroundColor: z.string(),
  textColor: z.string(),
  fontStyle,
});
export type TextPostStyle = z.infer<typeof textPostStyle>;

import { z } from 'zod';

/** The search box's limits and filters (the chips All, Videos, Users, Posts, Hashtags). */
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_FILTERS = ['all', 'videos', 'users', 'posts', 'hashtags'] as const;
export const searchFilter = z.enum(SEARCH_FILTERS, { error: `filter must be one of ${SEARCH_FILTERS.join(', ')}` });
export type SearchFilter = z.infer<typeof searchFilter>;
/** Results per page; the next page's cursor travels in X-Next-Cursor. */
export const SEARCH_PAGE_SIZE = 20;
/** The client waits this long after the last keystroke or filter change before searching. */
export const SEARCH_DEBOUNCE_MS = 300;

export const SEARCH_RESULT_TYPES = ['user', 'video', 'text_post', 'hashtag'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

/** A hashtag is `#` and then 1 to 50 letters, digits or underscores (any script). */
export const HASHTAG_MAX = 50;
const HASHTAG_IN_TEXT = /(^|[^\p{L}\p{N}_&#])#([\p{L}\p{N}_]{1,50})(?![\p{L}\p{N}_])/gu;
export const hashtagName = z
  .string()
  .trim()
  .transform((s) => normalizeHashtag(s.replace(/^#/, '')))
  .pipe(z.string().regex(/^[\p{L}\p{N}_]{1,50}$/u, 'tag must be 1 to 50 letters, digits or underscores'));

/** One spelling per tag: NFC, lower case, without the `#`. */
export function normalizeHashtag(tag: string): string {
  return tag.normalize('NFC').toLowerCase();
}

/** The distinct hashtags of a text, normalized, in order of first use ("#Sunset #sunset" is one). */
export function extractHashtags(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.normalize('NFC').matchAll(HASHTAG_IN_TEXT)) tags.add(normalizeHashtag(match[2]!));
  return [...tags];
}

import { z } from 'zod';

/** A comment's length (characters, after trimming). */
export const COMMENT_MAX = 500;
/** Comments per page, newest first. */
export const COMMENTS_PAGE_SIZE = 20;
/** One viewer's views of one item count at most once per this window. */
export const VIEW_COUNT_WINDOW_SECONDS = 3600;

/** The interaction types a client may record. */
export const INTERACTION_TYPES = ['view', 'like', 'share'] as const;
export const interactionType = z.enum(INTERACTION_TYPES, {
  error: `interactionType must be one of ${INTERACTION_TYPES.join(', ')}`,
});
export type InteractionType = z.infer<typeof interactionType>;

import { COMMENT_MAX } from './rules.ts';

/** Every user-facing text of engagement (likes, comments, shares, views), each defined once. */
export const ENGAGEMENT_MESSAGES = {
  commentRequired: 'Write a comment first',
  commentTooLong: `A comment is at most ${COMMENT_MAX} characters`,
  commentNotFound: 'Comment not found',
  notCommentAuthor: 'Only its author can delete this comment',
  linkCopied: 'Link copied!',
  linkCopiedDescription: 'Share it anywhere.',
  noComments: 'No comments yet',
  beFirst: 'Be the first to comment.',
} as const;

import { z } from 'zod';
import { contentType } from './rules.ts';

/** Moderation messages on /ws (server to client): the author's content was removed, with the moderator's note. */
export const moderationServerMessages = [
  z.object({ type: z.literal('content_removed'), contentType, contentId: z.string(), note: z.string() }),
] as const;

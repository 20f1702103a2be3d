import { z } from 'zod';
import { STORY_TTL_SECONDS } from '@myworld/schemas';

/** The API's stories settings (config.ts spreads them into its schema). */
export const storiesConfigShape = {
  /**
   * A story expires this many seconds after it is created. The API records the moment in
   * StoryCreated (`expiresAt`), which reads and the expiry job both go by. Default: 86400 (24 h).
   */
  STORY_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 86_400)
    .default(STORY_TTL_SECONDS),
};

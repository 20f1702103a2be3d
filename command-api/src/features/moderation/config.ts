import { z } from 'zod';
import { AUTO_HIDE_THRESHOLD_DEFAULT, AUTO_HIDE_THRESHOLD_MAX, AUTO_HIDE_THRESHOLD_MIN } from '@myworld/schemas';

/** The API's moderation settings (config.ts spreads them into its schema). */
export const moderationConfigShape = {
  /**
   * Content reported by this many distinct users is hidden pending review, until an admin sets
   * the threshold (PUT /api/moderation/settings records it as an event, which then rules). Default: 5.
   */
  MODERATION_AUTO_HIDE_THRESHOLD: z.coerce.number().int().min(AUTO_HIDE_THRESHOLD_MIN).max(AUTO_HIDE_THRESHOLD_MAX).default(AUTO_HIDE_THRESHOLD_DEFAULT),
};

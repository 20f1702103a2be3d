import { z } from 'zod';
import { AUTO_HIDE_THRESHOLD_DEFAULT, AUTO_HIDE_THRESHOLD_MAX, AUTO_HIDE_THRESHOLD_MIN } from '@myworld/schemas';

/** The API's moderation settings (config.ts spreads them into its schema). */
export const moderationConfigShape = {
  /**
   * Content reported by this many distinct users is hidden pending review, until an admin sets
   * the threshold (PUT /api/moderation/settings records it as an event, which then rules). Default: 5.
   */
  MODERATION_AUTO_HIDE_THRESHOLD: z.coerce
    .number()
    .int()
    .min(AUTO_HIDE_THRESHOLD_MIN)
    .max(AUTO_HIDE_THRESHOLD_MAX)
    .default(AUTO_HIDE_THRESHOLD_DEFAULT),
  /**
   * Only trusted reporters count toward auto-hide (trust.ts). An account is trusted once it is at
   * least this many days old when it files the report (fractions allowed). Default: 7.
   */
  REPORT_TRUST_MIN_ACCOUNT_AGE_DAYS: z.coerce.number().min(0).max(3650).default(7),
  /**
   * A reporter with a report moderators dismissed within this many days before their report is not
   * trusted: their reports still reach the queue but hide nothing. Default: 30.
   */
  REPORT_TRUST_DISMISSAL_WINDOW_DAYS: z.coerce.number().min(0).max(3650).default(30),
};

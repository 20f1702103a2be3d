import { z } from 'zod';
import {
  AUTO_HIDE_THRESHOLD_MAX,
  AUTO_HIDE_THRESHOLD_MIN,
  REPORT_REASONS,
  reportReason,
  type ReportReason,
} from './rules.ts';

/** The moderation settings admins change (GET and PUT /api/moderation/settings). */

const autoHideThreshold = z
  .number({ error: 'autoHideThreshold must be a whole number' })
  .int('autoHideThreshold must be a whole number')
  .min(AUTO_HIDE_THRESHOLD_MIN, `autoHideThreshold is at least ${AUTO_HIDE_THRESHOLD_MIN}`)
  .max(AUTO_HIDE_THRESHOLD_MAX, `autoHideThreshold is at most ${AUTO_HIDE_THRESHOLD_MAX}`);

const isReportReason = (reason: string): reason is ReportReason =>
  (REPORT_REASONS as readonly string[]).includes(reason);

/**
 * The reasons users may report for: a non-empty subset of REPORT_REASONS, each once. Checked on
 * the list as a whole, so a refusal names the field `reportReasons` (not one element of it).
 */
const reportReasons = z
  .array(z.string(), { error: 'reportReasons must be a list of reasons' })
  .min(1, 'reportReasons needs at least one reason')
  .refine((reasons) => reasons.every(isReportReason), `reportReasons may only hold ${REPORT_REASONS.join(', ')}`)
  .refine((reasons) => new Set(reasons).size === reasons.length, 'reportReasons lists a reason twice')
  .transform((reasons) => reasons.filter(isReportReason));

/** The settings in force (GET answers them; PUT answers them as changed, plus the position). */
export const moderationSettings = z.object({
  autoHideThreshold: z.number().int(),
  reportReasons: z.array(reportReason),
});
export type ModerationSettings = z.infer<typeof moderationSettings>;

/** PUT /api/moderation/settings: either field or both; what is left out stays as it is. */
export const moderationSettingsBody = z
  .object({ autoHideThreshold: autoHideThreshold.optional(), reportReasons: reportReasons.optional() })
  .refine((body) => body.autoHideThreshold !== undefined || body.reportReasons !== undefined, {
    message: 'Give autoHideThreshold, reportReasons or both',
    path: ['autoHideThreshold'],
  });
export type ModerationSettingsBody = z.input<typeof moderationSettingsBody>;
/** What GET and PUT answer (PUT adds the position). */
export const moderationSettingsResponse = moderationSettings;
/** GET /api/reports/reasons: the reasons a user may report for now (the report form's list). */
export const reportReasonsResponse = z.object({ reportReasons: z.array(reportReason) });

import { moderationSettingsResponse } from '@myworld/schemas';
import { moderationRoute } from '../context.ts';
import { currentModerationSettings } from '@myworld/write-model/moderation';

/** The moderation settings in force: the auto-hide threshold and the reasons users may report for. */
export const getModerationSettings = moderationRoute({
  method: 'GET',
  url: '/api/moderation/settings',
  summary: 'The moderation settings (moderators)',
  description:
    'autoHideThreshold: content reported by this many distinct users is hidden pending review; reportReasons: the reasons POST /api/reports accepts. Until an admin changes them: MODERATION_AUTO_HIDE_THRESHOLD (default 5) and every reason.',
  config: { auth: 'moderator', readModel: 'reports' },
  schema: { response: { 200: moderationSettingsResponse } },
  handler: async ({ ctx }) => currentModerationSettings(ctx),
});

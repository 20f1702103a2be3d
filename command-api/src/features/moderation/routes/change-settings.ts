import { MODERATION_SETTINGS_STREAM, moderationSettingsBody, moderationSettingsResponse } from '@myworld/schemas';
import { handleCommand } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { moderationRoute } from '../context.ts';
import { settingsDecider, defaultModerationSettings } from '@myworld/write-model/moderation';

/**
 * An admin changes the auto-hide threshold, the accepted report reasons, or both
 * (ModerationSettingsChanged on `moderationsettings-global`, holding the whole new settings).
 * Saving the settings already recorded records nothing.
 */
export const changeModerationSettings = moderationRoute({
  method: 'PUT',
  url: '/api/moderation/settings',
  summary: 'Change the moderation settings (admins)',
  description:
    'autoHideThreshold: a whole number from 2 to 100; reportReasons: a non-empty list of distinct reasons from the fixed list. Either field or both; what is left out stays. Answers the settings now in force.',
  config: { auth: 'admin', command: 'ChangeModerationSettings', limit: 'staffActions' },
  schema: { body: moderationSettingsBody, response: { 200: withPosition(moderationSettingsResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { autoHideThreshold, reportReasons } = request.body;
    const defaults = defaultModerationSettings(ctx);
    const command = {
      type: 'ChangeModerationSettings',
      changedBy: userId,
      autoHideThreshold,
      reportReasons,
      defaults,
      now: new Date(),
    } as const;
    const result = await handleCommand(
      ctx.store,
      MODERATION_SETTINGS_STREAM,
      settingsDecider,
      command,
      commandContext(request, userId),
    );
    // The first save always records, so the state is set; the fallback only satisfies the type.
    return replyWithPosition(reply, result.position, result.state ?? defaults);
  },
});

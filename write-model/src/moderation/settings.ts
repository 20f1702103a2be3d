import { recordedModerationSettings, type ReportsDb } from '@myworld/projections';
import { REPORT_REASONS, type ModerationSettings } from '@myworld/schemas';
import type { ModerationDeps } from './deps.ts';

/** What rules while no admin has changed the settings: the configured threshold and every reason. */
export const defaultModerationSettings = (ctx: ModerationDeps): ModerationSettings => ({
  autoHideThreshold: ctx.config.MODERATION_AUTO_HIDE_THRESHOLD,
  reportReasons: [...REPORT_REASONS],
});

/** The settings in force, from the reports read model (the defaults until an admin changes them). */
export async function currentModerationSettings(ctx: ModerationDeps): Promise<ModerationSettings> {
  const db = await ctx.readModels.query<ReportsDb>('reports');
  return (await recordedModerationSettings(db)) ?? defaultModerationSettings(ctx);
}

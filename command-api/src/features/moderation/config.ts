import { moderationConfigShape } from '@myworld/write-model/moderation';
import { defineFeatureConfig, type SettingsOf } from '../../platform/feature-config.ts';

/** The moderation settings (the write model holds their shape: the workers' policies read them too). */
export const moderationConfig = defineFeatureConfig({ shape: moderationConfigShape });

declare module '../../platform/feature-config.ts' {
  interface FeatureSettings extends SettingsOf<typeof moderationConfig.shape> {}
}

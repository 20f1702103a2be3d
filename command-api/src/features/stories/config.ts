import { z } from 'zod';
import { STORY_TTL_SECONDS } from '@myworld/schemas';
import { defineFeatureConfig, type SettingsOf } from '../../platform/feature-config.ts';

/** The stories feature's settings (its Feature definition contributes them to the API's configuration). */
export const storiesConfig = defineFeatureConfig({
  shape: {
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
  },
});

declare module '../../platform/feature-config.ts' {
  interface FeatureSettings extends SettingsOf<typeof storiesConfig.shape> {}
}

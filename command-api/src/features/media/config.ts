import { z } from 'zod';
import { defineFeatureConfig, type SettingsOf } from '../../platform/feature-config.ts';

/** Media serving settings (`GET /objects/<key>`), which the media feature contributes to the API's configuration. */
export const mediaConfig = defineFeatureConfig({
  shape: {
    /**
     * How long browsers and shared caches (a CDN) may reuse a served media file before revalidating
     * it (`Cache-Control: public, max-age=N, must-revalidate`, with ETag and Last-Modified). Bounds how
     * long a hidden or deleted file can outlive its removal in a cache that is not purged. Default: 300.
     */
    MEDIA_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  },
});

declare module '../../platform/feature-config.ts' {
  interface FeatureSettings extends SettingsOf<typeof mediaConfig.shape> {}
}

import { z } from 'zod';

/** Media serving settings (`GET /objects/<key>`). */
export const mediaConfigShape = {
  /**
   * How long browsers and shared caches (a CDN) may reuse a served media file before revalidating
   * it (`Cache-Control: public, max-age=N, must-revalidate`, with ETag and Last-Modified). Bounds how
   * long a hidden or deleted file can outlive its removal in a cache that is not purged. Default: 300.
   */
  MEDIA_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
};

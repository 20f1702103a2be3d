import { capitalize } from '../../../lib/labels.ts';

export { capitalize };

/** A client-side text for a failure no shared text words. */
export const POSTING_TEXTS = {
  publishVideoFailed: 'Failed to publish video',
} as const;

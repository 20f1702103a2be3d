import { capitalize } from '../../../lib/labels.ts';

export { capitalize };

/** A client-side text the spec leaves open (it does not word this failure). */
export const POSTING_TEXTS = {
  publishVideoFailed: 'Failed to publish video',
} as const;

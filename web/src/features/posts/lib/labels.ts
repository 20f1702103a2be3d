import type { VideoCategory } from '@myworld/schemas';
import { capitalize } from '../../../lib/labels.ts';

export { capitalize };

/** The video category select's labels ("none" is the absence of one). */
export function videoCategoryLabel(category: VideoCategory): string {
  return category === 'none' ? 'No category' : capitalize(category);
}

/** A client-side text the spec leaves open (it does not word this failure). */
export const POSTING_TEXTS = {
  publishVideoFailed: 'Failed to publish video',
} as const;

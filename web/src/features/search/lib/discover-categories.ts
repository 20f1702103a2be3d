import { VIDEO_CATEGORIES, type VideoCategory } from '@myworld/schemas';
import { capitalize } from '../../../lib/labels.ts';

/** Discover's chips: all (the For You feed), then each video category. */
export type DiscoverCategory = 'all' | Exclude<VideoCategory, 'none'>;

export const DISCOVER_CATEGORIES: { id: DiscoverCategory; label: string }[] = [
  'all' as const,
  ...VIDEO_CATEGORIES.filter((c): c is Exclude<VideoCategory, 'none'> => c !== 'none'),
].map((id) => ({ id, label: capitalize(id) }));

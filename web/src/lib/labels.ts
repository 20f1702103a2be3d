import type { VideoCategory } from '@myworld/schemas';

/** A word as a label ("music" reads "Music"): categories, tabs. */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The video category select's labels ("none" is the absence of one): posting and the editor's save sheet. */
export function videoCategoryLabel(category: VideoCategory): string {
  return category === 'none' ? 'No category' : capitalize(category);
}

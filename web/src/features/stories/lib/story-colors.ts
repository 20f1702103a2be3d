import { DEFAULT_STORY_BACKGROUND, isHexColor } from '@myworld/schemas';

/** The create dialog's background swatches, the default (#000000) first. Lower-case #rrggbb (test ids use the hex without #). */
export const STORY_BACKGROUNDS = [
  DEFAULT_STORY_BACKGROUND,
  '#1f2937',
  '#7c3aed',
  '#db2777',
  '#ef4444',
  '#f97316',
  '#facc15',
  '#22c55e',
  '#0ea5e9',
  '#ffffff',
] as const;

/** A stored background to draw: a hex colour, else the default, #000000 (a stored value never becomes other CSS). */
export function storyBackground(value: string): string {
  return isHexColor(value) ? value : DEFAULT_STORY_BACKGROUND;
}

/** Dark text on a light background, white on a dark one, so a text story stays readable on any swatch. */
export function readableTextColor(background: string): string {
  const hex = storyBackground(background).slice(1);
  const full = hex.length <= 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
  // Perceived brightness (ITU-R BT.601 weights).
  return 0.299 * r + 0.587 * g + 0.114 * b > 0.6 ? '#111827' : '#ffffff';
}

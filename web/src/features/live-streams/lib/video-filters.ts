import { FACE_FILTERS } from '@myworld/schemas';

/** The nine stream video filters, as CSS filters on the camera preview. */
export const STREAM_VIDEO_FILTERS = [
  { id: 'none', label: 'None', css: 'none' },
  { id: 'soft-blur', label: 'Soft Blur', css: 'blur(1.5px)' },
  { id: 'vintage', label: 'Vintage', css: 'sepia(0.6) contrast(1.1) saturate(0.8)' },
  { id: 'vibrant', label: 'Vibrant', css: 'saturate(1.8) contrast(1.1)' },
  { id: 'high-contrast', label: 'High Contrast', css: 'contrast(1.6)' },
  { id: 'bright', label: 'Bright', css: 'brightness(1.35)' },
  { id: 'color-shift', label: 'Color Shift', css: 'hue-rotate(90deg)' },
  { id: 'black-and-white', label: 'Black & White', css: 'grayscale(1)' },
  { id: 'invert', label: 'Invert', css: 'invert(1)' },
] as const;

export type StreamVideoFilter = (typeof STREAM_VIDEO_FILTERS)[number];

/** The filter after `index`, wrapping round (the filter-cycling button). */
export function nextFilterIndex(index: number): number {
  return (index + 1) % STREAM_VIDEO_FILTERS.length;
}

/** The go-live panel shows the first six of the twelve face filters (the video editor's list). */
export const GO_LIVE_FACE_FILTERS = FACE_FILTERS.slice(0, 6);

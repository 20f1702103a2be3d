import { COLOR_FILTERS, type ColorFilterId } from '@myworld/schemas';

/**
 * How each of the ten colour filters looks: a CSS filter string, drawn onto the editor's
 * canvas through `ctx.filter` (so the recording carries it) and used for the tab's swatches.
 */
const CSS: Readonly<Record<ColorFilterId, string>> = {
  original: 'none',
  vintage: 'sepia(0.5) contrast(1.1) saturate(0.85) brightness(0.95)',
  bw: 'grayscale(1) contrast(1.1)',
  warm: 'sepia(0.25) saturate(1.3) hue-rotate(-10deg)',
  cool: 'saturate(1.1) hue-rotate(15deg) brightness(1.02)',
  bright: 'brightness(1.3) contrast(1.05)',
  dramatic: 'contrast(1.5) saturate(1.2) brightness(0.9)',
  dreamy: 'blur(1px) brightness(1.1) saturate(1.2) contrast(0.9)',
  neon: 'saturate(2.2) contrast(1.3) hue-rotate(300deg)',
  retro: 'sepia(0.35) saturate(1.4) hue-rotate(-20deg) contrast(1.15)',
};

export interface ColorFilter {
  readonly id: ColorFilterId;
  readonly label: string;
  readonly css: string;
}

/** The ten filters in the editor's order, each with its CSS. */
export const colorFilters: readonly ColorFilter[] = COLOR_FILTERS.map((f) => ({ ...f, css: CSS[f.id] }));

export function colorFilterCss(id: ColorFilterId): string {
  return CSS[id];
}

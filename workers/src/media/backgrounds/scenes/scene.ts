import type { CatalogueBackground } from '@myworld/schemas';
import type { Random } from '../random.ts';

/** SVG defs and body on the 1920x1080 canvas. */
export interface Layer {
  readonly defs: string;
  readonly body: string;
}

/**
 * What a category's renderer draws for one entry. `backdrop`, when given, is the soft part of the
 * picture (noise clouds, blurs, gradients): it is rendered at half size and enlarged, which makes
 * its filters four times cheaper and looks the same; the rest (`defs`, `body`: stars, veins,
 * grain, edges) is then drawn at full size over it.
 */
export interface Scene extends Layer {
  readonly backdrop?: Layer;
}

export type SceneRenderer = (entry: CatalogueBackground, random: Random) => Scene;

/** Whether the entry's keywords name `word`: the keywords choose the variant of a category's look. */
export const has = (entry: CatalogueBackground, word: string) => entry.keywords.includes(word);

/** The palette's colour at `index`, or the last one. */
export const colour = (entry: CatalogueBackground, index: number) =>
  entry.palette[Math.min(index, entry.palette.length - 1)]!;

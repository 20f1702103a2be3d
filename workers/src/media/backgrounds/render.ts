import { BACKGROUND_SIZE, BACKGROUND_THUMB_SIZE, type CatalogueBackground } from '@myworld/schemas';
import sharp from 'sharp';
import { seededRandom } from './random.ts';
import { SCENES } from './scenes/index.ts';
import { svgDocument } from './svg.ts';

/** WebP quality of both files (sharp's default effort). */
export const BACKGROUND_WEBP_QUALITY = 80;

export interface RenderedBackground {
  /** 1920x1080 WebP. */
  readonly image: Buffer;
  /** 400x225 WebP. */
  readonly thumb: Buffer;
}

/** The backdrop (when the scene has one) is rendered at this fraction of the size, then enlarged. */
export const BACKDROP_SCALE = 0.5;

export interface BackgroundSvg {
  /** Full size; transparent where a backdrop shows through. */
  readonly svg: string;
  /** Half size, or undefined when the scene has none. */
  readonly backdrop: string | undefined;
}

/**
 * The SVG documents of one catalogue entry (the scene is always laid out on a 1920x1080 canvas):
 * its category's scene, drawn with random numbers seeded by the entry's seed. The same entry
 * always gives the same text.
 */
export function backgroundSvg(entry: CatalogueBackground): BackgroundSvg {
  const { width, height } = BACKGROUND_SIZE;
  const scene = SCENES[entry.category](entry, seededRandom(entry.seed));
  return {
    svg: svgDocument(width, height, scene.defs, scene.body),
    backdrop: scene.backdrop
      ? svgDocument(width * BACKDROP_SCALE, height * BACKDROP_SCALE, scene.backdrop.defs, scene.backdrop.body)
      : undefined,
  };
}

/**
 * Renders one entry with sharp (libvips draws SVG with librsvg, filters included): the backdrop
 * (if any) is rasterised at half size and enlarged, the full-size SVG drawn over it, and the
 * result encoded full size and as a thumbnail. No network, no files: byte-identical
 * output for the same entry with the same sharp build.
 */
export async function renderBackground(entry: CatalogueBackground): Promise<RenderedBackground> {
  const { width, height } = BACKGROUND_SIZE;
  const { svg, backdrop } = backgroundSvg(entry);
  let canvas = sharp(Buffer.from(svg));
  if (backdrop) {
    // Rasterised first: resizing an SVG input makes sharp render it at the target size instead.
    const soft = await sharp(Buffer.from(backdrop)).raw().toBuffer({ resolveWithObject: true });
    canvas = sharp(soft.data, {
      raw: { width: soft.info.width, height: soft.info.height, channels: soft.info.channels },
    })
      .resize(width, height, { kernel: 'cubic' })
      .composite([{ input: Buffer.from(svg) }]);
  }
  const raw = await canvas.raw().toBuffer({ resolveWithObject: true });
  if (raw.info.width !== width || raw.info.height !== height)
    throw new Error(`${entry.id} rendered at ${raw.info.width}x${raw.info.height}, not ${width}x${height}`);
  // Flattened to opaque RGB (every scene paints every pixel; this only drops the alpha channel).
  const pixels = () =>
    sharp(raw.data, { raw: { width, height, channels: raw.info.channels } }).flatten({ background: '#000000' });
  const [image, thumb] = await Promise.all([
    pixels().webp({ quality: BACKGROUND_WEBP_QUALITY }).toBuffer(),
    pixels()
      .resize(BACKGROUND_THUMB_SIZE.width, BACKGROUND_THUMB_SIZE.height, { fit: 'fill' })
      .webp({ quality: BACKGROUND_WEBP_QUALITY })
      .toBuffer(),
  ]);
  return { image, thumb };
}

/**
 * Helpers for the scenes' SVG text. Every scene draws on a 1920x1080 canvas (user units); the
 * renderer picks the pixel size. Numbers are rounded so the text (and so the picture) depends only
 * on the seed, never on float printing.
 */

export const CANVAS = { width: 1920, height: 1080 } as const;

/** A noise frequency (small numbers: 5 decimals). */
const frequency = (value: number) => String(Math.round(value * 1e5) / 1e5);

/** A number with at most 2 decimals, as SVG text. */
export function n(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** The whole document: `defs` then `body`, on the 1920x1080 canvas, rendered at width x height pixels. */
export function svgDocument(width: number, height: number, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${CANVAS.width} ${CANVAS.height}" preserveAspectRatio="none">` +
    `<defs>${defs}</defs>${body}</svg>`
  );
}

type Rgb = { r: number; g: number; b: number };

export function rgbOf(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return { r: parseInt(m[1]!, 16), g: parseInt(m[2]!, 16), b: parseInt(m[3]!, 16) };
}

const hex2 = (v: number) =>
  Math.round(Math.min(255, Math.max(0, v)))
    .toString(16)
    .padStart(2, '0');

/** `a` blended toward `b` by t (0 = a, 1 = b). */
export function mix(a: string, b: string, t: number): string {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return `#${hex2(x.r + (y.r - x.r) * t)}${hex2(x.g + (y.g - x.g) * t)}${hex2(x.b + (y.b - x.b) * t)}`;
}

/**
 * An feColorMatrix `values` that paints `hex` everywhere with an alpha taken from one channel of
 * its input: alpha = gain * channel + offset (clamped to 0..1 by the renderer). A negative gain
 * inverts (alpha high where the channel is low).
 */
export function tintFromChannel(hex: string, channel: 'r' | 'g' | 'b' | 'a', gain: number, offset: number): string {
  const { r, g, b } = rgbOf(hex);
  const row = ['r', 'g', 'b', 'a'].map((c) => (c === channel ? n(gain) : '0')).join(' ');
  return `0 0 0 0 ${n(r / 255)} 0 0 0 0 ${n(g / 255)} 0 0 0 0 ${n(b / 255)} ${row} ${n(offset)}`;
}

/**
 * A filter that fills its region with `hex`, its alpha from fractal noise (or turbulence): the
 * texture layer most scenes use. One feTurbulence yields four independent channels, so up to four
 * layers (one per channel) share one noise computation: see noiseLayers.
 */
export function noiseLayers(
  id: string,
  noise: { type?: 'fractalNoise' | 'turbulence'; fx: number; fy: number; octaves: number; seed: number },
  layers: ReadonlyArray<{ hex: string; channel: 'r' | 'g' | 'b' | 'a'; gain: number; offset: number }>,
): string {
  const merge = layers.map((_, i) => `<feMergeNode in="${id}-l${i}"/>`).join('');
  return (
    `<filter id="${id}" filterUnits="userSpaceOnUse" x="0" y="0" width="${CANVAS.width}" height="${CANVAS.height}" color-interpolation-filters="sRGB">` +
    `<feTurbulence type="${noise.type ?? 'fractalNoise'}" baseFrequency="${frequency(noise.fx)} ${frequency(noise.fy)}" numOctaves="${noise.octaves}" seed="${noise.seed}" stitchTiles="noStitch" result="${id}-noise"/>` +
    layers
      .map(
        (l, i) =>
          `<feColorMatrix in="${id}-noise" type="matrix" values="${tintFromChannel(l.hex, l.channel, l.gain, l.offset)}" result="${id}-l${i}"/>`,
      )
      .join('') +
    `<feMerge>${merge}</feMerge></filter>`
  );
}

/** A full-canvas rect filled with `fill` (a colour or `url(#id)`), optionally filtered. */
export function fullRect(fill: string, extra = ''): string {
  return `<rect x="0" y="0" width="${CANVAS.width}" height="${CANVAS.height}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

/** A linear gradient from (x1,y1) to (x2,y2) in objectBoundingBox fractions, with evenly spread stops unless given. */
export function linearGradient(
  id: string,
  stops: ReadonlyArray<string | { color: string; offset: number; opacity?: number }>,
  dir = { x1: 0, y1: 0, x2: 0, y2: 1 },
): string {
  const body = stops
    .map((s, i) => {
      const stop = typeof s === 'string' ? { color: s, offset: stops.length === 1 ? 0 : i / (stops.length - 1) } : s;
      return `<stop offset="${n(stop.offset)}" stop-color="${stop.color}"${'opacity' in stop && stop.opacity !== undefined ? ` stop-opacity="${n(stop.opacity)}"` : ''}/>`;
    })
    .join('');
  return `<linearGradient id="${id}" x1="${n(dir.x1)}" y1="${n(dir.y1)}" x2="${n(dir.x2)}" y2="${n(dir.y2)}">${body}</linearGradient>`;
}

/** A radial gradient (objectBoundingBox) from `inner` at the centre to `outer` (with its opacity) at the edge. */
export function radialGradient(
  id: string,
  stops: ReadonlyArray<{ color: string; offset: number; opacity?: number }>,
  at = { cx: 0.5, cy: 0.5, r: 0.5 },
): string {
  const body = stops
    .map((s) => `<stop offset="${n(s.offset)}" stop-color="${s.color}" stop-opacity="${n(s.opacity ?? 1)}"/>`)
    .join('');
  return `<radialGradient id="${id}" cx="${n(at.cx)}" cy="${n(at.cy)}" r="${n(at.r)}">${body}</radialGradient>`;
}

/** A closed smooth path through `points` (Catmull-Rom turned into cubic Béziers). */
export function smoothClosedPath(points: ReadonlyArray<readonly [number, number]>): string {
  const count = points.length;
  const at = (i: number) => points[((i % count) + count) % count]!;
  let d = `M${n(at(0)[0])} ${n(at(0)[1])}`;
  for (let i = 0; i < count; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0]!)} ${n(c1[1]!)} ${n(c2[0]!)} ${n(c2[1]!)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return `${d}Z`;
}

import { smoothNoise, type Random } from '../random.ts';
import { CANVAS, fullRect, linearGradient, n, noiseLayers } from '../svg.ts';
import { colour, type SceneRenderer } from './scene.ts';

type Warp = (x: number, y: number) => readonly [number, number];

/**
 * A vein: a wandering line from `start` across the canvas, with a few thinner branches. Its
 * points go through `warp` (smooth noise), which bends every vein the same way where they pass,
 * as a flow in the stone would.
 */
function vein(
  random: Random,
  warp: Warp,
  start: readonly [number, number],
  heading: number,
  length: number,
  width: number,
  depth: number,
): string {
  let [x, y] = start;
  let angle = heading;
  const point = () => warp(x, y).map(n).join(' ');
  let d = `M${point()}`;
  let out = '';
  const step = 14;
  for (let travelled = 0; travelled < length; travelled += step) {
    angle += random.range(-0.2, 0.2);
    angle = heading + Math.max(-0.9, Math.min(0.9, angle - heading));
    x += Math.cos(angle) * step;
    y += Math.sin(angle) * step;
    d += ` L${point()}`;
    if (depth > 0 && random.chance(0.018))
      out += vein(
        random,
        warp,
        [x, y],
        angle + random.pick([-1, 1]) * random.range(0.5, 1.1),
        length * random.range(0.15, 0.4),
        width * 0.55,
        depth - 1,
      );
  }
  return `<path d="${d}" stroke-width="${n(width)}" stroke-opacity="${n(random.range(0.55, 0.95))}"/>${out}`;
}

/**
 * Marble: polished stone in the first colour with soft clouds of the second (fractal noise), and
 * veins of the third: wandering, branching lines drawn across the stone on a common slant, bent
 * by smooth noise computed here (librsvg's feDisplacementMap would cost seconds), each over a
 * blurred copy of itself so it looks dissolved into the stone rather than drawn. A light sheen
 * polishes it. The stone, clouds and blurred veins are the half-size backdrop.
 */
export const marble: SceneRenderer = (entry, random) => {
  const [stone, cloud, veinColour] = [colour(entry, 0), colour(entry, 1), colour(entry, 2)];
  const { width: W, height: H } = CANVAS;

  const [dx, dy] = [smoothNoise(random, 420), smoothNoise(random, 420)];
  const warp: Warp = (x, y) => [x + dx(x, y) * 110, y + dy(x, y) * 110];
  const slant = random.range(-0.6, 0.6);
  let paths = '';
  for (let i = 0, count = random.int(3, 5); i < count; i++) {
    // Start left of the canvas, anywhere down its height, heading right on the common slant.
    paths += vein(
      random,
      warp,
      [-120, random.range(-0.2, 1.2) * H],
      slant + random.range(-0.25, 0.25),
      W * 1.4,
      random.range(2.5, 6),
      2,
    );
  }
  for (let i = 0; i < 10; i++)
    paths += vein(
      random,
      warp,
      [random.range(-200, W), random.range(0, H)],
      slant + random.range(-0.5, 0.5),
      random.range(300, 900),
      1,
      0,
    );
  const veins = `<g fill="none" stroke="${veinColour}" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`;

  const backdrop = {
    defs:
      noiseLayers('clouds', { fx: 0.0022, fy: 0.0035, octaves: 4, seed: entry.seed }, [
        { hex: cloud, channel: 'b', gain: 3, offset: -1.1 },
      ]) +
      `<filter id="halo" filterUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}"><feGaussianBlur stdDeviation="7"/></filter>`,
    body: fullRect(stone) + fullRect('#000', 'filter="url(#clouds)"') + `<g filter="url(#halo)">${veins}</g>`,
  };
  const defs = linearGradient(
    'polish',
    [
      { color: '#ffffff', offset: 0, opacity: 0.18 },
      { color: '#ffffff', offset: 0.4, opacity: 0 },
      { color: '#ffffff', offset: 0.7, opacity: 0.06 },
      { color: '#000000', offset: 1, opacity: 0.08 },
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  return { backdrop, defs, body: veins + fullRect('url(#polish)') };
};

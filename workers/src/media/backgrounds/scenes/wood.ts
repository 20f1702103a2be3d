import { CANVAS, fullRect, linearGradient, mix, n, noiseLayers, radialGradient } from '../svg.ts';
import { colour, has, type SceneRenderer } from './scene.ts';

/**
 * Wood: long grain from fractal noise stretched along x (dark streaks from one noise channel,
 * light ones from another, fine pores from a third), a few knots, and a soft sheen. "planks" and
 * "boards" cut it into staggered boards with seams and slightly different tones; "weathered"
 * bleaches and roughens it. Tones, grain and knots are the half-size backdrop (the grain is
 * smooth along its length, so it looks the same); seams and sheen are drawn sharp over it.
 */
export const wood: SceneRenderer = (entry, random) => {
  const [base, dark, light, seam] = [colour(entry, 0), colour(entry, 1), colour(entry, 2), colour(entry, 3)];
  const { width: W, height: H } = CANVAS;
  const planks = has(entry, 'planks') || has(entry, 'boards');
  const weathered = has(entry, 'weathered');

  const defs =
    noiseLayers('grain', { fx: 0.0009, fy: weathered ? 0.07 : 0.05, octaves: 3, seed: entry.seed }, [
      { hex: dark, channel: 'r', gain: 3.2, offset: -1.45 },
      { hex: light, channel: 'g', gain: 2.6, offset: -1.25 },
      { hex: dark, channel: 'b', gain: weathered ? 2.4 : 1.4, offset: weathered ? -1.0 : -0.65 },
    ]) +
    linearGradient('sheen', [
      { color: '#ffffff', offset: 0, opacity: 0.1 },
      { color: '#ffffff', offset: 0.5, opacity: 0 },
      { color: '#000000', offset: 1, opacity: 0.14 },
    ]) +
    radialGradient('knot', [
      { color: dark, offset: 0, opacity: 0.95 },
      { color: dark, offset: 0.35, opacity: 0.6 },
      { color: mix(dark, base, 0.5), offset: 0.6, opacity: 0.35 },
      { color: dark, offset: 1, opacity: 0 },
    ]);

  let body = fullRect(base);
  let seams = '';
  if (planks) {
    // Boards of one height, each with a slightly different tone, with staggered end joints.
    const rows = random.int(5, 7);
    const boardHeight = H / rows;
    for (let row = 0; row < rows; row++) {
      const y = row * boardHeight;
      let x = -random.range(0, 600);
      while (x < W) {
        const length = random.range(700, 1300);
        const tone = random.chance(0.5)
          ? mix(base, light, random.range(0, 0.35))
          : mix(base, dark, random.range(0, 0.25));
        body += `<rect x="${n(x)}" y="${n(y)}" width="${n(length + 1)}" height="${n(boardHeight + 1)}" fill="${tone}"/>`;
        if (x > 0)
          seams += `<rect x="${n(x - 1.5)}" y="${n(y)}" width="3" height="${n(boardHeight)}" fill="${seam}" fill-opacity="0.8"/>`;
        x += length;
      }
      if (row > 0)
        seams += `<rect x="0" y="${n(y - 2)}" width="${W}" height="4" fill="${seam}" fill-opacity="0.85"/><rect x="0" y="${n(y + 2)}" width="${W}" height="2" fill="#ffffff" fill-opacity="0.08"/>`;
    }
  }
  body += fullRect('#000', 'filter="url(#grain)"');

  // Knots, stretched along the grain.
  for (let i = 0, count = random.int(1, 3); i < count; i++) {
    const rx = random.range(30, 70);
    body += `<ellipse cx="${n(random.range(0.1, 0.9) * W)}" cy="${n(random.range(0.1, 0.9) * H)}" rx="${n(rx * 2.2)}" ry="${n(rx * 0.7)}" fill="url(#knot)"/>`;
  }
  let top = seams + fullRect('url(#sheen)');
  if (weathered) top += fullRect('#ffffff', 'fill-opacity="0.12"');
  return { backdrop: { defs, body }, defs, body: top };
};

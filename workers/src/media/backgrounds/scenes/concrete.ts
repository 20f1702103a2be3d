import { CANVAS, fullRect, linearGradient, n, noiseLayers, radialGradient } from '../svg.ts';
import { colour, has, type SceneRenderer } from './scene.ts';

/**
 * Concrete: a flat grey (or sand) ground, large soft blotches from low-frequency noise, fine
 * speckle from high-frequency noise (dark and light grains from two channels of one noise), and
 * scattered air holes. "panels" adds cast panel joints with form-tie holes, "stains" adds
 * run-off streaks from the top, "polished" adds a glossy sheen.
 */
export const concrete: SceneRenderer = (entry, random) => {
  const [base, dark, light, stain] = [colour(entry, 0), colour(entry, 1), colour(entry, 2), colour(entry, 3)];
  const { width: W, height: H } = CANVAS;
  const polished = has(entry, 'polished');

  const defs =
    noiseLayers('blotches', { fx: 0.0035, fy: 0.0045, octaves: 3, seed: entry.seed }, [
      { hex: dark, channel: 'r', gain: 1.4, offset: -0.5 },
      { hex: light, channel: 'g', gain: 1.2, offset: -0.5 },
    ]) +
    noiseLayers('speckle', { fx: 0.35, fy: 0.35, octaves: 1, seed: entry.seed + 1 }, [
      { hex: dark, channel: 'r', gain: polished ? 1.6 : 2.4, offset: polished ? -0.95 : -1.2 },
      { hex: light, channel: 'g', gain: polished ? 1.4 : 2, offset: polished ? -0.9 : -1.05 },
    ]) +
    radialGradient('hole', [
      { color: '#000000', offset: 0, opacity: 0.65 },
      { color: '#000000', offset: 0.55, opacity: 0.4 },
      { color: '#000000', offset: 1, opacity: 0 },
    ]) +
    linearGradient(
      'sheen',
      [
        { color: '#ffffff', offset: 0, opacity: 0 },
        { color: '#ffffff', offset: 0.45, opacity: polished ? 0.16 : 0 },
        { color: '#ffffff', offset: 0.55, opacity: polished ? 0.1 : 0 },
        { color: '#000000', offset: 1, opacity: 0.1 },
      ],
      { x1: 0, y1: 0, x2: 1, y2: 1 },
    ) +
    linearGradient('run', [
      { color: stain, offset: 0, opacity: 0.45 },
      { color: stain, offset: 1, opacity: 0 },
    ]);

  // The soft part (half size): ground, blotches, run-off stains.
  let soft = fullRect(base) + fullRect('#000', 'filter="url(#blotches)"');

  if (has(entry, 'stains')) {
    for (let i = 0; i < 26; i++) {
      const x = random.range(0, W);
      const width = random.range(6, 60);
      soft += `<rect x="${n(x)}" y="0" width="${n(width)}" height="${n(random.range(0.2, 0.8) * H)}" rx="${n(width / 2)}" fill="url(#run)"/>`;
    }
    for (let i = 0; i < 5; i++)
      soft += `<ellipse cx="${n(random.range(0, W))}" cy="${n(random.range(0, H))}" rx="${n(random.range(120, 320))}" ry="${n(random.range(80, 200))}" fill="${stain}" fill-opacity="0.12"/>`;
  }
  // The sharp part (full size): speckle, air holes, panel joints, sheen.
  let body = fullRect('#000', 'filter="url(#speckle)"');

  // Air holes: small dark pits with a lighter lower lip.
  for (let i = 0, count = polished ? 60 : 220; i < count; i++) {
    const [x, y, r] = [random.range(0, W), random.range(0, H), 1 + random.next() ** 3 * 5];
    body += `<circle cx="${n(x)}" cy="${n(y + r * 0.35)}" r="${n(r)}" fill="${light}" fill-opacity="0.5"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${dark}" fill-opacity="0.75"/>`;
  }

  if (has(entry, 'panels')) {
    const [pw, ph] = [W / 3, H / 2];
    for (let x = pw; x < W; x += pw)
      body += `<rect x="${n(x - 3)}" y="0" width="6" height="${H}" fill="${dark}" fill-opacity="0.55"/><rect x="${n(x + 3)}" y="0" width="2" height="${H}" fill="${light}" fill-opacity="0.4"/>`;
    for (let y = ph; y < H; y += ph)
      body += `<rect x="0" y="${n(y - 3)}" width="${W}" height="6" fill="${dark}" fill-opacity="0.55"/><rect x="0" y="${n(y + 3)}" width="${W}" height="2" fill="${light}" fill-opacity="0.4"/>`;
    for (let x = pw / 6; x < W; x += pw / 3)
      for (let y = ph / 4; y < H; y += ph / 2) body += `<circle cx="${n(x)}" cy="${n(y)}" r="14" fill="url(#hole)"/>`;
  }
  body += fullRect('url(#sheen)');
  return { backdrop: { defs, body: soft }, defs, body };
};

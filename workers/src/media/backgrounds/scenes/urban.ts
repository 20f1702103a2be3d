import type { Random } from '../random.ts';
import { CANVAS, fullRect, linearGradient, mix, n, radialGradient } from '../svg.ts';
import { colour, has, type SceneRenderer } from './scene.ts';

type Building = { x: number; width: number; top: number; roof: 'flat' | 'spire' | 'gable' };

/** A row of buildings across the canvas, standing on `ground`, between `minHeight` and `maxHeight` tall. */
function skyline(
  random: Random,
  ground: number,
  minHeight: number,
  maxHeight: number,
  minWidth: number,
  maxWidth: number,
  houses: boolean,
): Building[] {
  const row: Building[] = [];
  for (let x = -random.range(0, 60); x < CANVAS.width;) {
    const width = random.range(minWidth, maxWidth);
    const tall = random.next() ** 1.6;
    const roof = houses ? (random.chance(0.6) ? 'gable' : 'flat') : random.chance(0.12) ? 'spire' : 'flat';
    row.push({ x, width, top: ground - (minHeight + tall * (maxHeight - minHeight)), roof });
    x += width + (random.chance(0.3) ? random.range(4, 30) : 0);
  }
  return row;
}

function buildingShapes(buildings: readonly Building[], ground: number, fill: string): string {
  return buildings
    .map((b) => {
      let shape = `<rect x="${n(b.x)}" y="${n(b.top)}" width="${n(b.width)}" height="${n(ground - b.top + 2)}" fill="${fill}"/>`;
      if (b.roof === 'spire')
        shape += `<path d="M${n(b.x + b.width * 0.3)} ${n(b.top)} L${n(b.x + b.width / 2)} ${n(b.top - b.width * 1.1)} L${n(b.x + b.width * 0.7)} ${n(b.top)} Z" fill="${fill}"/><rect x="${n(b.x + b.width / 2 - 1.5)}" y="${n(b.top - b.width * 1.6)}" width="3" height="${n(b.width * 0.6)}" fill="${fill}"/>`;
      if (b.roof === 'gable')
        shape += `<path d="M${n(b.x - 6)} ${n(b.top)} L${n(b.x + b.width / 2)} ${n(b.top - b.width * 0.45)} L${n(b.x + b.width + 6)} ${n(b.top)} Z" fill="${fill}"/>`;
      return shape;
    })
    .join('');
}

/** Window grids; each window is lit with probability `lit` in one of `colours` (unlit ones are not drawn: the wall shows). */
function windows(
  random: Random,
  buildings: readonly Building[],
  ground: number,
  colours: readonly string[],
  lit: number,
  size: { w: number; h: number; gap: number },
): string {
  let out = '';
  for (const b of buildings) {
    const columns = Math.floor((b.width - size.gap) / (size.w + size.gap));
    if (columns < 1) continue;
    const inset = (b.width - columns * (size.w + size.gap) + size.gap) / 2;
    const buildingLit = lit * random.range(0.4, 1.4);
    for (let y = b.top + size.gap * 2; y + size.h < ground - size.gap; y += size.h + size.gap) {
      for (let c = 0; c < columns; c++) {
        const x = b.x + inset + c * (size.w + size.gap);
        if (random.chance(buildingLit))
          out += `<rect x="${n(x)}" y="${n(y)}" width="${n(size.w)}" height="${n(size.h)}" fill="${random.pick(colours)}" fill-opacity="${n(random.range(0.7, 1))}"/>`;
      }
    }
  }
  return out;
}

/**
 * Urban: a night (or dusk) skyline: a sky gradient with a moon or low sun, a far row of pale
 * buildings, a near row of dark ones with grids of windows, some lit. "neon" adds pink and cyan
 * windows and glowing signs; "town" lowers the buildings and gives them gabled roofs; "rain" adds
 * rain streaks and a wet street that mirrors the lights; "sunset" sets a sun behind the towers.
 */
export const urban: SceneRenderer = (entry, random) => {
  const [skyTop, horizon, far, near, light] = [
    colour(entry, 0),
    colour(entry, 1),
    colour(entry, 2),
    colour(entry, 3),
    colour(entry, 4),
  ];
  const { width: W, height: H } = CANVAS;
  const rain = has(entry, 'rain');
  const town = has(entry, 'town');
  const neon = has(entry, 'neon');
  const ground = rain ? H * 0.7 : H;
  const lights = neon ? [light, '#3df2ff', '#ffe066'] : [light, mix(light, '#ffffff', 0.4)];

  const defs =
    linearGradient('sky', [skyTop, { color: horizon, offset: 1 }]) +
    radialGradient('orb', [
      { color: has(entry, 'sunset') ? '#fff1c1' : '#fdfcf0', offset: 0, opacity: 1 },
      { color: has(entry, 'sunset') ? '#ffb347' : '#fdfcf0', offset: 0.25, opacity: 0.9 },
      { color: horizon, offset: 1, opacity: 0 },
    ]) +
    `<filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>` +
    linearGradient('street', [
      { color: near, offset: 0, opacity: 0.55 },
      { color: near, offset: 1, opacity: 0.95 },
    ]);

  let body = fullRect('url(#sky)');
  const orbY = has(entry, 'sunset') ? H * 0.55 : H * random.range(0.12, 0.25);
  body += `<circle cx="${n(W * random.range(0.15, 0.85))}" cy="${n(orbY)}" r="${has(entry, 'sunset') ? 320 : 130}" fill="url(#orb)"/>`;
  if (!has(entry, 'sunset'))
    for (let i = 0; i < 160; i++)
      body += `<circle cx="${n(random.range(0, W))}" cy="${n(random.range(0, H * 0.45))}" r="${n(0.6 + random.next() ** 4 * 1.4)}" fill="#ffffff" fill-opacity="${n(random.range(0.2, 0.8))}"/>`;

  const farRow = skyline(random, ground, town ? 140 : 260, town ? 320 : 620, 60, 150, false);
  const nearRow = skyline(random, ground, town ? 150 : 160, town ? 330 : 520, town ? 110 : 90, town ? 220 : 210, town);
  let city =
    buildingShapes(farRow, ground, far) + windows(random, farRow, ground, lights, 0.12, { w: 5, h: 8, gap: 7 });
  city +=
    buildingShapes(nearRow, ground, near) +
    windows(random, nearRow, ground, lights, town ? 0.3 : 0.35, { w: 10, h: 15, gap: 9 });
  if (neon) {
    for (let i = 0; i < 7; i++) {
      const b = random.pick(nearRow);
      const sign = `<rect x="${n(b.x + b.width * 0.15)}" y="${n(b.top + random.range(30, 200))}" width="${n(b.width * 0.7)}" height="${n(random.range(14, 30))}" rx="6" fill="${random.pick([light, '#3df2ff'])}"/>`;
      city += `<g filter="url(#glow)">${sign}</g>${sign}`;
    }
  }
  body += city;

  if (rain) {
    // The wet street mirrors the city, darkened and smeared.
    body += `<g transform="translate(0 ${n(ground * 2)}) scale(1 -1)" opacity="0.5">${city}</g><rect x="0" y="${n(ground)}" width="${W}" height="${n(H - ground)}" fill="url(#street)"/>`;
    for (let i = 0; i < 40; i++)
      body += `<rect x="${n(random.range(0, W))}" y="${n(ground + random.range(10, H - ground))}" width="${n(random.range(60, 260))}" height="2" fill="${random.pick(lights)}" fill-opacity="${n(random.range(0.15, 0.45))}"/>`;
    let streaks = '';
    for (let i = 0; i < 700; i++) {
      const [x, y, length] = [random.range(-100, W), random.range(-50, H), random.range(20, 60)];
      streaks += `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x + length * 0.25)}" y2="${n(y + length)}"/>`;
    }
    body += `<g stroke="#cfe8ff" stroke-width="1.4" stroke-opacity="0.3">${streaks}</g>`;
  }
  return { defs, body };
};

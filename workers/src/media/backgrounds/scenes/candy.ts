import { CANVAS, fullRect, linearGradient, n } from '../svg.ts';
import { colour, has, type SceneRenderer } from './scene.ts';

/**
 * Candy: pastel sweets on a light ground, chosen by keyword: "dots" (offset rows of polka dots),
 * "sprinkles" (scattered rounded sprinkles), "peppermint" (thick and thin candy-cane stripes on a
 * slant), "diagonal" (wide slanted stripes), "waves" (rainbow bands with wavy edges), otherwise
 * vertical stripes. A faint top-left highlight gives them a glossy look.
 */
export const candy: SceneRenderer = (entry, random) => {
  const ground = colour(entry, 0);
  const colours = entry.palette.slice(1);
  const { width: W, height: H } = CANVAS;
  const defs = linearGradient(
    'gloss',
    [
      { color: '#ffffff', offset: 0, opacity: 0.35 },
      { color: '#ffffff', offset: 0.45, opacity: 0 },
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  let body = fullRect(ground);

  if (has(entry, 'dots')) {
    const gap = random.range(110, 150);
    const r = gap * random.range(0.22, 0.3);
    for (let row = 0, y = gap / 2; y < H + gap; y += gap * 0.87, row++) {
      for (let x = row % 2 ? gap / 2 : 0, i = 0; x < W + gap; x += gap, i++) {
        body += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${colours[(i + row) % colours.length]}"/>`;
      }
    }
  } else if (has(entry, 'sprinkles')) {
    for (let i = 0; i < 900; i++) {
      const length = random.range(22, 40);
      body +=
        `<rect x="${n(-length / 2)}" y="-5" width="${n(length)}" height="10" rx="5" fill="${random.pick(colours)}" ` +
        `transform="translate(${n(random.range(0, W))} ${n(random.range(0, H))}) rotate(${n(random.range(0, 180))})"/>`;
    }
  } else if (has(entry, 'peppermint')) {
    const [red, pale] = [colours[0]!, colours[1] ?? colours[0]!];
    const period = random.range(200, 260);
    let stripes = '';
    for (let x = -H; x < W + H; x += period) {
      stripes += `<rect x="${n(x)}" y="-400" width="${n(period * 0.42)}" height="${H + 800}" fill="${red}"/>`;
      stripes += `<rect x="${n(x + period * 0.55)}" y="-400" width="${n(period * 0.1)}" height="${H + 800}" fill="${pale}"/>`;
      stripes += `<rect x="${n(x + period * 0.78)}" y="-400" width="${n(period * 0.06)}" height="${H + 800}" fill="${red}" fill-opacity="0.6"/>`;
    }
    body += `<g transform="rotate(${n(random.range(-35, -25))} ${W / 2} ${H / 2})">${stripes}</g>`;
  } else if (has(entry, 'diagonal')) {
    const width = random.range(90, 130);
    let stripes = '';
    for (let x = -H, i = 0; x < W + H; x += width, i++)
      stripes += `<rect x="${n(x)}" y="-400" width="${n(width + 1)}" height="${H + 800}" fill="${colours[i % colours.length]}"/>`;
    body += `<g transform="rotate(45 ${W / 2} ${H / 2})">${stripes}</g>`;
  } else if (has(entry, 'waves')) {
    const bands = colours.length;
    const amplitude = random.range(30, 55);
    const frequency = (random.range(1.5, 2.5) * Math.PI * 2) / W;
    const phase = random.range(0, Math.PI * 2);
    // Top band first, each path covering everything below its wavy top edge; the next one paints over its lower part.
    for (let i = 0; i < bands; i++) {
      const top = (i / bands) * H + H / bands / 3;
      let d = `M0 ${H + 10}`;
      for (let x = 0; x <= W; x += 24)
        d += ` L${n(x)} ${n(top + amplitude * Math.sin(frequency * x + phase + i * 0.6))}`;
      body += `<path d="${d} L${W} ${H + 10} Z" fill="${colours[i]}"/>`;
    }
  } else {
    const width = random.range(80, 120);
    for (let x = 0, i = 0; x < W; x += width, i++) {
      body += `<rect x="${n(x)}" y="0" width="${n(width + 1)}" height="${H}" fill="${colours[i % colours.length]}"/>`;
      body += `<rect x="${n(x + width - 5)}" y="0" width="4" height="${H}" fill="#ffffff" fill-opacity="0.6"/>`;
    }
  }
  return { defs, body: body + fullRect('url(#gloss)') };
};

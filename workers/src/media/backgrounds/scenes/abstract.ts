import { CANVAS, fullRect, linearGradient, n, smoothClosedPath } from '../svg.ts';
import { colour, has, type SceneRenderer } from './scene.ts';

/**
 * Abstract: overlapping translucent shapes on a plain ground, chosen by keyword: "circles",
 * "triangles", "blobs" (soft organic shapes, blurred), "bold" (flat Bauhaus-like circles, half
 * circles, bars and a grid of dots, opaque), "waves" (layered flowing bands with gradients),
 * "rings" (glowing outlined circles on a dark ground).
 */
export const abstract: SceneRenderer = (entry, random) => {
  const ground = colour(entry, 0);
  const colours = entry.palette.slice(1);
  const { width: W, height: H } = CANVAS;
  let defs = '';
  let body = fullRect(ground);

  if (has(entry, 'triangles')) {
    for (let i = 0; i < 28; i++) {
      const [cx, cy, r] = [random.range(-100, W + 100), random.range(-100, H + 100), random.range(120, 420)];
      const a = random.range(0, Math.PI * 2);
      const points = [0, 1, 2]
        .map(
          (k) =>
            `${n(cx + r * Math.cos(a + (k * 2 * Math.PI) / 3))},${n(cy + r * Math.sin(a + (k * 2 * Math.PI) / 3))}`,
        )
        .join(' ');
      body += `<polygon points="${points}" fill="${random.pick(colours)}" fill-opacity="${n(random.range(0.25, 0.55))}"/>`;
    }
  } else if (has(entry, 'blobs')) {
    defs += `<filter id="soften" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="24"/></filter>`;
    let blobs = '';
    for (let i = 0; i < 12; i++) {
      const [cx, cy, r] = [random.range(0, W), random.range(0, H), random.range(200, 420)];
      const points = Array.from({ length: 7 }, (_, k) => {
        const a = (k / 7) * Math.PI * 2;
        const rr = r * random.range(0.7, 1.25);
        return [cx + rr * Math.cos(a), cy + rr * Math.sin(a)] as const;
      });
      blobs += `<path d="${smoothClosedPath(points)}" fill="${random.pick(colours)}" fill-opacity="${n(random.range(0.75, 0.95))}"/>`;
    }
    body += `<g filter="url(#soften)">${blobs}</g>`;
  } else if (has(entry, 'bold')) {
    const dark = colours[colours.length - 1]!;
    const brights = colours.slice(0, -1);
    for (let i = 0; i < 6; i++) {
      const [x, y, r] = [random.range(0, W), random.range(0, H), random.range(90, 260)];
      const fill = brights[i % brights.length];
      body += random.chance(0.5)
        ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"/>`
        : `<path d="M${n(x - r)} ${n(y)} A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(y)} Z" fill="${fill}" transform="rotate(${random.pick([0, 90, 180, 270])} ${n(x)} ${n(y)})"/>`;
    }
    for (let i = 0; i < 4; i++) {
      body += `<rect x="${n(random.range(0, W))}" y="${n(random.range(0, H))}" width="${n(random.range(200, 600))}" height="${n(random.range(20, 50))}" fill="${i % 2 ? dark : random.pick(brights)}" transform="rotate(${random.pick([0, 45, 90, -45])} ${W / 2} ${H / 2})"/>`;
    }
    const [gx, gy] = [random.range(100, W - 400), random.range(100, H - 300)];
    for (let c = 0; c < 6; c++)
      for (let r = 0; r < 4; r++)
        body += `<circle cx="${n(gx + c * 44)}" cy="${n(gy + r * 44)}" r="8" fill="${dark}"/>`;
    body += `<circle cx="${n(random.range(0, W))}" cy="${n(random.range(0, H))}" r="${n(random.range(150, 300))}" fill="none" stroke="${dark}" stroke-width="14"/>`;
  } else if (has(entry, 'waves')) {
    const bands = 6;
    for (let i = 0; i < bands; i++) {
      const id = `wave${i}`;
      defs += linearGradient(id, [colours[i % colours.length]!, colours[(i + 1) % colours.length]!], {
        x1: 0,
        y1: 0,
        x2: 1,
        y2: 0,
      });
      const top = H * (0.15 + (i / bands) * 0.8);
      const [a1, f1, p1, a2, f2, p2] = [
        random.range(40, 110),
        (random.range(1, 2) * (2 * Math.PI)) / W,
        random.range(0, 6.3),
        random.range(15, 40),
        (random.range(3, 5) * (2 * Math.PI)) / W,
        random.range(0, 6.3),
      ];
      let d = `M0 ${H}`;
      for (let x = 0; x <= W; x += 24)
        d += ` L${n(x)} ${n(top + a1 * Math.sin(f1 * x + p1) + a2 * Math.sin(f2 * x + p2))}`;
      body += `<path d="${d} L${W} ${H} Z" fill="url(#${id})" fill-opacity="${n(0.55 + 0.07 * i)}"/>`;
    }
  } else if (has(entry, 'rings')) {
    defs += `<filter id="neon" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="12"/></filter>`;
    let rings = '';
    for (let i = 0; i < 14; i++)
      rings += `<circle cx="${n(random.range(0, W))}" cy="${n(random.range(0, H))}" r="${n(random.range(40, 300))}" fill="none" stroke="${random.pick(colours)}" stroke-width="${n(random.range(4, 14))}" stroke-opacity="${n(random.range(0.6, 1))}"/>`;
    body += `<g filter="url(#neon)">${rings}</g>${rings}`;
  } else {
    for (let i = 0; i < 22; i++) {
      body += `<circle cx="${n(random.range(0, W))}" cy="${n(random.range(0, H))}" r="${n(random.range(60, 380))}" fill="${random.pick(colours)}" fill-opacity="${n(random.range(0.3, 0.6))}"/>`;
    }
  }
  return { defs, body };
};

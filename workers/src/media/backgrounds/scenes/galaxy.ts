import type { Random } from '../random.ts';
import { CANVAS, fullRect, n, radialGradient } from '../svg.ts';
import { colour, has, type SceneRenderer } from './scene.ts';

/** A normally distributed number (Box-Muller). */
const gaussian = (random: Random) =>
  Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());

/**
 * Galaxy: a dark radial sky, nebula clouds (coloured ellipses blurred and broken up by fractal
 * noise), and seeded stars: hundreds of small ones, a few bright ones with a glow. "milky way"
 * lays a dense, dusty band of stars across the sky; "spiral" draws a galaxy with a bright core and
 * two star arms.
 */
export const galaxy: SceneRenderer = (entry, random) => {
  const [centre, edge] = [colour(entry, 0), colour(entry, 1)];
  const clouds = entry.palette.slice(2);
  const { width: W, height: H } = CANVAS;

  const defs =
    radialGradient(
      'space',
      [
        { color: centre, offset: 0 },
        { color: edge, offset: 1 },
      ],
      { cx: random.range(0.35, 0.65), cy: random.range(0.35, 0.65), r: 0.75 },
    ) +
    radialGradient('glow', [
      { color: '#ffffff', offset: 0, opacity: 1 },
      { color: '#ffffff', offset: 0.15, opacity: 0.6 },
      { color: '#ffffff', offset: 1, opacity: 0 },
    ]) +
    radialGradient('core', [
      { color: '#ffffff', offset: 0, opacity: 1 },
      { color: colour(entry, 3), offset: 0.2, opacity: 0.85 },
      { color: colour(entry, 2), offset: 0.55, opacity: 0.3 },
      { color: colour(entry, 2), offset: 1, opacity: 0 },
    ]) +
    `<filter id="nebula" filterUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}" color-interpolation-filters="sRGB">` +
    `<feGaussianBlur in="SourceGraphic" stdDeviation="70" result="soft"/>` +
    `<feTurbulence type="fractalNoise" baseFrequency="0.0035" numOctaves="4" seed="${entry.seed}" result="noise"/>` +
    `<feColorMatrix in="noise" type="matrix" values="0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 2.6 0 0 0 -0.75" result="mask"/>` +
    `<feComposite in="soft" in2="mask" operator="in" result="cloudy"/>` +
    `<feComponentTransfer in="soft" result="haze"><feFuncA type="linear" slope="0.35"/></feComponentTransfer>` +
    `<feMerge><feMergeNode in="haze"/><feMergeNode in="cloudy"/></feMerge></filter>`;

  let nebula = '';
  let stars = '';
  const star = (x: number, y: number, r: number, opacity: number) =>
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#ffffff" fill-opacity="${n(opacity)}"/>`;

  if (has(entry, 'milky way')) {
    const angle = random.range(-30, -15);
    const cy = H / 2 + random.range(-80, 80);
    let band = `<ellipse cx="${W / 2}" cy="${n(cy)}" rx="${n(W * 0.75)}" ry="150" fill="${clouds[0]}" fill-opacity="0.8"/>`;
    band += `<ellipse cx="${n(W * random.range(0.35, 0.65))}" cy="${n(cy)}" rx="${n(W * 0.3)}" ry="90" fill="${clouds[1] ?? clouds[0]}" fill-opacity="0.9"/>`;
    // A dark dust lane along the band (blurred with the clouds).
    band += `<ellipse cx="${W / 2}" cy="${n(cy + 10)}" rx="${n(W * 0.7)}" ry="26" fill="${edge}" fill-opacity="0.8"/>`;
    nebula += `<g transform="rotate(${n(angle)} ${W / 2} ${H / 2})">${band}</g>`;
    let dense = '';
    for (let i = 0; i < 1400; i++)
      dense += star(
        random.range(-200, W + 200),
        cy + gaussian(random) * 110,
        0.5 + random.next() ** 4 * 1.6,
        random.range(0.3, 0.95),
      );
    stars += `<g transform="rotate(${n(angle)} ${W / 2} ${H / 2})">${dense}</g>`;
  } else {
    for (let i = 0, count = random.int(4, 6); i < count; i++) {
      nebula += `<ellipse cx="${n(random.range(0.1, 0.9) * W)}" cy="${n(random.range(0.15, 0.85) * H)}" rx="${n(random.range(220, 520))}" ry="${n(random.range(120, 300))}" fill="${random.pick(clouds)}" fill-opacity="${n(random.range(0.55, 0.9))}" transform="rotate(${n(random.range(-40, 40))} ${W / 2} ${H / 2})"/>`;
    }
  }

  if (has(entry, 'spiral')) {
    const [cx, cy] = [W * random.range(0.4, 0.6), H * random.range(0.42, 0.58)];
    const tilt = random.range(-30, 30);
    let arms = '';
    for (let arm = 0; arm < 2; arm++) {
      for (let i = 0; i < 700; i++) {
        const theta = random.range(0, 3.4 * Math.PI);
        const radius = 30 * Math.exp(0.28 * theta);
        const a = theta + arm * Math.PI;
        const spread = 8 + radius * 0.12;
        arms += star(
          cx + radius * Math.cos(a) + gaussian(random) * spread,
          cy + (radius * Math.sin(a) + gaussian(random) * spread) * 0.45,
          0.6 + random.next() ** 5 * 2,
          random.range(0.35, 1),
        );
      }
    }
    nebula += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="520" ry="230" fill="${clouds[2] ?? clouds[0]}" fill-opacity="0.8" transform="rotate(${n(tilt)} ${n(cx)} ${n(cy)})"/>`;
    stars += `<g transform="rotate(${n(tilt)} ${n(cx)} ${n(cy)})">${arms}</g><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="240" ry="150" fill="url(#core)" transform="rotate(${n(tilt)} ${n(cx)} ${n(cy)})"/>`;
  }

  // The field: many faint small stars, fewer bright ones.
  for (let i = 0; i < 900; i++)
    stars += star(random.range(0, W), random.range(0, H), 0.5 + random.next() ** 6 * 2.2, random.range(0.25, 1));
  for (let i = 0, count = random.int(10, 18); i < count; i++) {
    const [x, y, r] = [random.range(0, W), random.range(0, H), random.range(10, 26)];
    stars += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#glow)"/>` + star(x, y, r * 0.12, 1);
  }

  return {
    backdrop: { defs, body: fullRect('url(#space)') + `<g filter="url(#nebula)">${nebula}</g>` },
    defs,
    body: stars,
  };
};

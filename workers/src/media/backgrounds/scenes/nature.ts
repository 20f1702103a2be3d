import { CANVAS, fullRect, linearGradient, mix, n, radialGradient } from '../svg.ts';
import { colour, has, type SceneRenderer } from './scene.ts';

/**
 * Nature: a sky gradient with a soft sun, then four ranges of rolling hills from far (pale, high)
 * to near (dark, low), with haze between them. "mountains" makes jagged ridges, "mist" and
 * "winter" thicken the haze, "snow" caps the far ranges, "meadow" and "spring" scatter flowers.
 */
export const nature: SceneRenderer = (entry, random) => {
  const [skyTop, horizon, sun] = [colour(entry, 0), colour(entry, 1), colour(entry, 2)];
  const ranges = entry.palette.slice(3);
  const ridged = has(entry, 'mountains');
  const haze = has(entry, 'mist') || has(entry, 'winter') ? 0.55 : 0.3;
  const { width: W, height: H } = CANVAS;

  const sunX = random.range(0.2, 0.8) * W;
  const sunY = random.range(0.18, 0.38) * H;
  let defs =
    linearGradient('sky', [skyTop, { color: horizon, offset: 0.75 }, { color: horizon, offset: 1 }]) +
    radialGradient('sun', [
      { color: sun, offset: 0, opacity: 1 },
      { color: sun, offset: 0.12, opacity: 0.95 },
      { color: sun, offset: 0.3, opacity: 0.35 },
      { color: sun, offset: 1, opacity: 0 },
    ]) +
    linearGradient('haze', [
      { color: horizon, offset: 0, opacity: 0 },
      { color: horizon, offset: 1, opacity: haze },
    ]);
  let body = fullRect('url(#sky)') + `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(H * 0.45)}" fill="url(#sun)"/>`;

  // A few long soft clouds.
  for (let i = 0; i < random.int(2, 4); i++) {
    const cx = random.range(0, W);
    const cy = random.range(0.08, 0.35) * H;
    body += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(random.range(180, 420))}" ry="${n(random.range(14, 30))}" fill="#ffffff" fill-opacity="${n(random.range(0.15, 0.35))}"/>`;
  }

  ranges.forEach((fill, i) => {
    const t = ranges.length === 1 ? 1 : i / (ranges.length - 1);
    const base = H * (0.5 + 0.42 * t ** 1.1);
    const amplitude = H * (ridged ? 0.16 - 0.08 * t : 0.07 - 0.03 * t);
    const waves = [0, 1, 2].map((k) => ({
      f: (random.range(1, 2.2) * (k + 1) * Math.PI * 2) / W,
      p: random.range(0, Math.PI * 2),
      a: amplitude / (k + 1) ** (ridged ? 0.7 : 1.4),
    }));
    const step = ridged ? 12 : 24;
    const points: string[] = [];
    const tops: Array<[number, number]> = [];
    for (let x = 0; x <= W + step; x += step) {
      let y = base;
      for (const w of waves)
        y -= ridged ? w.a * (1 - Math.abs(Math.sin(w.f * x + w.p))) : w.a * Math.sin(w.f * x + w.p);
      if (ridged) y += random.range(-4, 4);
      points.push(`${n(x)} ${n(y)}`);
      tops.push([x, y]);
    }
    // Far ranges fade toward the horizon colour (aerial perspective).
    const tint = mix(fill, horizon, (1 - t) * 0.25);
    const id = `hill${i}`;
    defs += linearGradient(id, [tint, mix(tint, '#000000', 0.18)]);
    body += `<path d="M0 ${H} L${points.join(' L')} L${W} ${H} Z" fill="url(#${id})"/>`;
    if (has(entry, 'snow') && i < 2) {
      // Snow caps on the highest points of the far ranges.
      const top = Math.min(...tops.map(([, y]) => y));
      for (const [x, y] of tops)
        if (y < top + amplitude * 0.35)
          body += `<circle cx="${n(x)}" cy="${n(y + 10)}" r="${n(step * 0.9)}" fill="#ffffff" fill-opacity="0.7"/>`;
    }
    if (i < ranges.length - 1)
      body += `<rect x="0" y="${n(base - amplitude * 2.2)}" width="${W}" height="${n(amplitude * 3.2)}" fill="url(#haze)"/>`;
  });

  if (has(entry, 'meadow') || has(entry, 'spring')) {
    const flowers = ['#ffffff', '#ffe066', '#ff8fab', '#c77dff'];
    for (let i = 0; i < 260; i++) {
      const y = random.range(0.86, 1) * H;
      body += `<circle cx="${n(random.range(0, W))}" cy="${n(y)}" r="${n(2 + ((y / H - 0.86) / 0.14) * 5)}" fill="${random.pick(flowers)}" fill-opacity="0.85"/>`;
    }
  }
  return { defs, body };
};

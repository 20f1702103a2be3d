import { BACKGROUND_CATALOGUE, BACKGROUND_CATEGORIES } from '@myworld/schemas';
import { describe, expect, it } from 'vitest';
import { seededRandom, smoothNoise } from './random.ts';
import { backgroundSvg } from './render.ts';

describe('seededRandom', () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const draw = (r: ReturnType<typeof seededRandom>) => Array.from({ length: 5 }, () => r.next());
    const [x, y, z] = [draw(a), draw(b), draw(c)];
    expect(x).toEqual(y);
    expect(x).not.toEqual(z);
    for (const v of x) expect(v >= 0 && v < 1).toBe(true);
  });

  it('smooth noise stays in [-1, 1] and changes gradually', () => {
    const noise = smoothNoise(seededRandom(7), 200);
    for (let x = 0; x < 1920; x += 37) {
      const v = noise(x, 500);
      expect(Math.abs(v)).toBeLessThanOrEqual(1);
      expect(Math.abs(noise(x + 1, 500) - v)).toBeLessThan(0.05);
    }
  });
});

describe('backgroundSvg', () => {
  it("builds every entry's scene, the same text each time, with no external references", () => {
    for (const entry of BACKGROUND_CATALOGUE) {
      const { svg, backdrop } = backgroundSvg(entry);
      expect(backgroundSvg(entry), entry.id).toEqual({ svg, backdrop });
      expect(
        svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080" viewBox="0 0 1920 1080"'),
      ).toBe(true);
      if (backdrop)
        expect(
          backdrop.startsWith(
            '<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540" viewBox="0 0 1920 1080"',
          ),
        ).toBe(true);
      // Nothing fetched: no href, no url() other than #fragment references, no NaN from bad maths.
      for (const text of [svg, backdrop ?? ''])
        expect(text, entry.id).not.toMatch(/href|url\((?!#)|NaN|undefined|Infinity/);
    }
  });

  it('draws different pictures for the entries of one category', () => {
    for (const { id } of BACKGROUND_CATEGORIES) {
      const svgs = BACKGROUND_CATALOGUE.filter((e) => e.category === id).map((e) => backgroundSvg(e).svg);
      expect(new Set(svgs).size, id).toBe(svgs.length);
    }
  });

  it('uses feTurbulence noise for the textured categories, at half size where it is soft', () => {
    for (const entry of BACKGROUND_CATALOGUE) {
      const { svg, backdrop } = backgroundSvg(entry);
      const textured = ['wood', 'marble', 'concrete', 'galaxy'].includes(entry.category);
      expect(`${svg}${backdrop ?? ''}`.includes('<feTurbulence'), entry.id).toBe(textured);
      expect(backdrop !== undefined, entry.id).toBe(textured);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isHexColor, isObjectPath, isSafeGradient } from './profile-rules.ts';

describe('profile look rules', () => {
  it('accepts hex colours only', () => {
    for (const ok of ['#fff', '#FFFFFF', '#1f2937', '#11223344']) expect(isHexColor(ok)).toBe(true);
    for (const bad of ['fff', '#ggg', 'red', '#12345', 'rgb(0,0,0)', '#fff;']) expect(isHexColor(bad)).toBe(false);
  });

  it('accepts linear and radial gradients of hex, rgb(a), hsl(a) and a few names, with stops and directions', () => {
    for (const ok of [
      'linear-gradient(135deg, #667eea 0%, #764ba2 100%)',
      'linear-gradient(to right, #ff7e5f, #feb47b)',
      'linear-gradient(to top left, rgba(255, 255, 255, 0.5), transparent)',
      'radial-gradient(circle, #ffecd2 0%, #fcb69f 100%)',
      'radial-gradient(ellipse at center, hsl(210, 50%, 40%), black)',
      'radial-gradient(at 30% 70%, #000, #fff 50%, #ccc)',
      'linear-gradient(#a1c4fd, #c2e9fb)',
    ]) {
      expect(isSafeGradient(ok), ok).toBe(true);
    }
  });

  it('refuses anything that could load a URL, inject CSS or is not a gradient', () => {
    for (const bad of [
      'url(https://evil.example/x.png)',
      'linear-gradient(#fff, #000), url(https://evil.example/x.png)',
      'linear-gradient(#fff, #000);background:red',
      'linear-gradient(#fff, #000)} body {display:none',
      'linear-gradient(var(--x), #000)',
      'linear-gradient(#fff)',
      'linear-gradient(expression(alert(1)), #000)',
      'repeating-linear-gradient(#fff, #000)',
      'conic-gradient(#fff, #000)',
      `linear-gradient(${Array.from({ length: 20 }, () => '#fff').join(', ')})`,
      'linear-gradient(#fff, #000) ',
    ]) {
      expect(isSafeGradient(bad), bad).toBe(false);
    }
  });

  it('accepts object paths with well-formed keys only', () => {
    expect(isObjectPath('/objects/uploads/u1/abc.webp')).toBe(true);
    for (const bad of [
      '/objects/',
      '/objects/../secret',
      '/objects/uploads//x',
      'https://x/objects/a',
      '/objects/a b',
      '/objects/uploads/u1/x?y',
    ])
      expect(isObjectPath(bad), bad).toBe(false);
  });
});

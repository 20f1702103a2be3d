import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { LiveBadge } from './viewer-badge.tsx';

afterEach(cleanup);

describe('the LIVE badge', () => {
  it('reads "1 viewer", never "1 viewers", and K/M past a thousand', () => {
    for (const [count, text] of [
      [0, 'LIVE · 0 viewers'],
      [1, 'LIVE · 1 viewer'],
      [2, 'LIVE · 2 viewers'],
      [1_500, 'LIVE · 1.5K viewers'],
    ] as const) {
      render(<LiveBadge viewerCount={count} testId="badge" />);
      expect(screen.getByTestId('badge').textContent).toBe(text);
      cleanup();
    }
  });
});

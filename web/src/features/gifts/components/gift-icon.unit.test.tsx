import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { DEFAULT_GIFT_CATALOGUE } from '@myworld/schemas';
import { GiftIcon } from './gift-icon.tsx';

const drawing = (type: string) => render(<GiftIcon type={type} />).container.querySelector('svg')!.innerHTML;

describe('gift pictures', () => {
  it('each gift of the default catalogue has a picture of its own; a configured type without one shows a present', () => {
    const present = drawing('balloon');
    const pictures = DEFAULT_GIFT_CATALOGUE.map((g) => drawing(g.type));
    expect(new Set(pictures).size).toBe(DEFAULT_GIFT_CATALOGUE.length);
    expect(pictures).not.toContain(present);
    expect(drawing('confetti')).toBe(present);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { GIFT_ANIMATION_MS, type ReceivedGift } from '@myworld/schemas';
import { GiftAnimation } from './gift-animation.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const gift = (id: string, overrides: Partial<ReceivedGift> = {}): ReceivedGift => ({
  id,
  giftType: 'diamond',
  emoji: '💎',
  quantity: 3,
  message: 'Love this!',
  sender: { id: 'u2', username: 'sam' },
  ...overrides,
});
const shownTypes = () => screen.queryAllByTestId('gift-animation').map((el) => el.getAttribute('data-gift-type'));
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('GiftAnimation', () => {
  it('shows a received gift (its picture × quantity, who sent what, the message) for exactly 3 s', () => {
    render(<GiftAnimation gifts={[gift('g1')]} />);
    const el = screen.getByTestId('gift-animation');
    expect(el.getAttribute('data-gift-type')).toBe('diamond');
    // The gift's picture is an SVG (emoji are empty boxes where no emoji font is installed).
    expect(el.querySelector('svg[data-gift-icon="diamond"]')).not.toBeNull();
    expect(el.textContent).toContain('×3');
    expect(el.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(el.textContent).toContain('@sam sent 3 × diamond');
    expect(el.textContent).toContain('Love this!');
    expect(GIFT_ANIMATION_MS).toBe(3_000);
    advance(GIFT_ANIMATION_MS - 1);
    expect(shownTypes()).toEqual(['diamond']);
    advance(1);
    expect(shownTypes()).toEqual([]);
  });

  it('leaves out an empty message and shows a sender without a username as @unknown', () => {
    render(<GiftAnimation gifts={[gift('g1', { message: '', quantity: 1, sender: { id: 'u3', username: null } })]} />);
    const el = screen.getByTestId('gift-animation');
    expect(el.querySelector('.gift-animation__message')).toBeNull();
    expect(el.textContent).toContain('@unknown sent 1 × diamond');
  });

  it('gives a gift that arrives later its own full 3 s', () => {
    const { rerender } = render(<GiftAnimation gifts={[gift('g1')]} />);
    advance(2_000);
    rerender(<GiftAnimation gifts={[gift('g1'), gift('g2', { giftType: 'rose', emoji: '🌹' })]} />);
    expect(shownTypes()).toEqual(['diamond', 'rose']);
    advance(1_000);
    expect(shownTypes()).toEqual(['rose']);
    advance(1_999);
    expect(shownTypes()).toEqual(['rose']);
    advance(1);
    expect(shownTypes()).toEqual([]);
  });

  it('shows at most three at once; the rest wait their turn, and a finished gift never comes back', () => {
    const gifts = ['rose', 'heart', 'star', 'crown'].map((t, i) => gift(`g${i}`, { giftType: t }));
    const { rerender } = render(<GiftAnimation gifts={gifts} />);
    expect(shownTypes()).toEqual(['rose', 'heart', 'star']);
    advance(GIFT_ANIMATION_MS);
    expect(shownTypes()).toEqual(['crown']);
    rerender(<GiftAnimation gifts={[...gifts]} />);
    expect(shownTypes()).toEqual(['crown']);
    advance(GIFT_ANIMATION_MS);
    expect(shownTypes()).toEqual([]);
  });
});

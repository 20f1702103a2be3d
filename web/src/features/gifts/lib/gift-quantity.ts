import { GIFT_QUANTITY_MAX, GIFT_QUANTITY_MIN } from '@myworld/schemas';

/**
 * The quantity field's text as the number sent: anything that is not a number counts as 1 (as the
 * picker's form does); a number is kept whole and within 1 to 10, so the total shown is what is charged.
 */
export function giftQuantityFromInput(text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) return GIFT_QUANTITY_MIN;
  return Math.min(GIFT_QUANTITY_MAX, Math.max(GIFT_QUANTITY_MIN, Math.trunc(n)));
}

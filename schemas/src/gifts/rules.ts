import { z } from 'zod';
import { GIFT_MESSAGES } from './messages.ts';

/** What a gift may be: the catalogue's shape and bounds, the quantity, the message and the animation. */

export const GIFT_QUANTITY_MIN = 1;
export const GIFT_QUANTITY_MAX = 10;
export const GIFT_MESSAGE_MAX = 200;
/** The gift animation in the room lasts 3 s. */
export const GIFT_ANIMATION_MS = 3_000;
/** A catalogue has at least 6 gifts, each from 1 to 500 dollars (in cents). */
export const GIFT_CATALOGUE_MIN = 6;
export const GIFT_PRICE_MIN_CENTS = 100;
export const GIFT_PRICE_MAX_CENTS = 50_000;
export const GIFT_CURRENCY = 'usd';

export const giftTypeName = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{0,29}$/, 'a gift type is 1 to 30 lower-case letters, digits, dashes or underscores');

/** The Gift type entity: type, emoji, price in cents. */
export const giftType = z.object({
  type: giftTypeName,
  emoji: z.string().min(1).max(16),
  /** In cents. */
  price: z.number().int().min(GIFT_PRICE_MIN_CENTS).max(GIFT_PRICE_MAX_CENTS),
});
export type GiftType = z.infer<typeof giftType>;

export const giftCatalogue = z
  .array(giftType)
  .min(GIFT_CATALOGUE_MIN, `the gift catalogue has at least ${GIFT_CATALOGUE_MIN} gifts`)
  .refine((gifts) => new Set(gifts.map((g) => g.type)).size === gifts.length, 'gift types must be unique');

/** The catalogue served when the configuration names none (GIFT_CATALOGUE overrides it). */
export const DEFAULT_GIFT_CATALOGUE: readonly GiftType[] = [
  { type: 'rose', emoji: '🌹', price: 100 },
  { type: 'heart', emoji: '❤️', price: 500 },
  { type: 'star', emoji: '⭐', price: 1_000 },
  { type: 'diamond', emoji: '💎', price: 5_000 },
  { type: 'crown', emoji: '👑', price: 10_000 },
  { type: 'rocket', emoji: '🚀', price: 25_000 },
  { type: 'castle', emoji: '🏰', price: 50_000 },
];

/**
 * Quantity: a number from 1 to 10; anything that is not a number (missing, null, text) counts as 1,
 * as the picker's form does, while a number out of range (or not whole) is refused.
 */
export const giftQuantity = z.preprocess(
  (v) => {
    if (typeof v === 'number') return v;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    return GIFT_QUANTITY_MIN;
  },
  z
    .number()
    .int(GIFT_MESSAGES.quantityRange)
    .min(GIFT_QUANTITY_MIN, GIFT_MESSAGES.quantityRange)
    .max(GIFT_QUANTITY_MAX, GIFT_MESSAGES.quantityRange),
);

export const giftMessage = z.string().trim().max(GIFT_MESSAGE_MAX, GIFT_MESSAGES.messageTooLong);

import { z } from 'zod';

/**
 * The video editor's effects (fixed lists: their words are what the editor shows) and the effects list a video saved
 * from the editor carries: the colour filter, the face filter, text overlays and stickers. x and y
 * are the centre of an overlay as fractions of the frame (0 = left or top, 1 = right or bottom);
 * fontSize and size are pixels on a frame 400 pixels wide (EFFECTS_REFERENCE_WIDTH), so they keep
 * their proportion at any resolution.
 */

export const COLOR_FILTERS = [
  { id: 'original', label: 'Original' },
  { id: 'vintage', label: 'Vintage' },
  { id: 'bw', label: 'B&W' },
  { id: 'warm', label: 'Warm' },
  { id: 'cool', label: 'Cool' },
  { id: 'bright', label: 'Bright' },
  { id: 'dramatic', label: 'Dramatic' },
  { id: 'dreamy', label: 'Dreamy' },
  { id: 'neon', label: 'Neon' },
  { id: 'retro', label: 'Retro' },
] as const;
export type ColorFilterId = (typeof COLOR_FILTERS)[number]['id'];

export const FACE_FILTERS = [
  { id: 'none', label: 'None' },
  { id: 'dog-ears', label: 'Dog Ears' },
  { id: 'cat-face', label: 'Cat Face' },
  { id: 'bunny', label: 'Bunny' },
  { id: 'flowers', label: 'Flowers' },
  { id: 'rainbow', label: 'Rainbow' },
  { id: 'sparkles', label: 'Sparkles' },
  { id: 'hearts', label: 'Hearts' },
  { id: 'butterfly', label: 'Butterfly' },
  { id: 'unicorn', label: 'Unicorn' },
  { id: 'beard', label: 'Beard' },
  { id: 'mustache', label: 'Mustache' },
] as const;
export type FaceFilterId = (typeof FACE_FILTERS)[number]['id'];

export const STICKERS = [
  { id: 'heart', label: 'heart', emoji: '❤️' },
  { id: 'star', label: 'star', emoji: '⭐' },
  { id: 'fire', label: 'fire', emoji: '🔥' },
  { id: 'sparkles', label: 'sparkles', emoji: '✨' },
  { id: 'crown', label: 'crown', emoji: '👑' },
  { id: 'diamond', label: 'diamond', emoji: '💎' },
] as const;

/** Overlays start at text size 24 and sticker size 48. */
export const TEXT_OVERLAY_DEFAULT_SIZE = 24;
export const STICKER_DEFAULT_SIZE = 48;
export const STICKER_DEFAULT_ROTATION = 0;
export const EFFECTS_REFERENCE_WIDTH = 400;

/** What the server holds an effects list to. */
export const EFFECTS_MAX = 50;
export const TEXT_OVERLAY_MAX = 100;
export const TEXT_OVERLAY_SIZE_RANGE = { min: 8, max: 120 } as const;
export const STICKER_SIZE_RANGE = { min: 16, max: 240 } as const;
export const FONT_WEIGHTS = ['normal', 'bold'] as const;

export const EDITOR_MESSAGES = {
  cameraDenied: 'Camera access denied. Please allow camera permissions to use face filters.',
  textRequired: 'Enter some text to add',
} as const;

const ids = <T extends readonly { id: string }[]>(list: T) =>
  list.map((item) => item.id) as unknown as [T[number]['id'], ...T[number]['id'][]];
const fraction = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} is between 0 and 1`)
    .max(1, `${field} is between 0 and 1`);
const overlayId = z.string().trim().min(1).max(64);

export const filterEffect = z.object({
  type: z.literal('filter'),
  id: z.enum(ids(COLOR_FILTERS), { error: `filter must be one of ${ids(COLOR_FILTERS).join(', ')}` }),
});
export const faceFilterEffect = z.object({
  type: z.literal('face-filter'),
  id: z.enum(ids(FACE_FILTERS), { error: `face filter must be one of ${ids(FACE_FILTERS).join(', ')}` }),
});
export const textEffect = z.object({
  type: z.literal('text'),
  id: overlayId,
  text: z
    .string()
    .trim()
    .min(1, EDITOR_MESSAGES.textRequired)
    .max(TEXT_OVERLAY_MAX, `A text overlay is at most ${TEXT_OVERLAY_MAX} characters`),
  x: fraction('x'),
  y: fraction('y'),
  fontSize: z
    .number()
    .int()
    .min(TEXT_OVERLAY_SIZE_RANGE.min)
    .max(TEXT_OVERLAY_SIZE_RANGE.max)
    .default(TEXT_OVERLAY_DEFAULT_SIZE),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'color must be a hex colour such as #ffffff'),
  fontWeight: z.enum(FONT_WEIGHTS, { error: `fontWeight must be one of ${FONT_WEIGHTS.join(', ')}` }),
});
export const stickerEffect = z.object({
  type: z.literal('sticker'),
  id: overlayId,
  emoji: z.enum(STICKERS.map((s) => s.emoji) as [string, ...string[]], {
    error: "emoji must be one of the editor's stickers",
  }),
  x: fraction('x'),
  y: fraction('y'),
  size: z.number().int().min(STICKER_SIZE_RANGE.min).max(STICKER_SIZE_RANGE.max).default(STICKER_DEFAULT_SIZE),
  rotation: z.number().min(-360).max(360).default(STICKER_DEFAULT_ROTATION),
});

export const editorEffect = z.discriminatedUnion('type', [filterEffect, faceFilterEffect, textEffect, stickerEffect]);
export type EditorEffect = z.infer<typeof editorEffect>;
export type TextEffect = z.infer<typeof textEffect>;
export type StickerEffect = z.infer<typeof stickerEffect>;

/** At most one colour filter and one face filter, and at most EFFECTS_MAX items in all. */
export const editorEffects = z
  .array(editorEffect)
  .max(EFFECTS_MAX, `At most ${EFFECTS_MAX} effects`)
  .refine((list) => list.filter((e) => e.type === 'filter').length <= 1, 'At most one colour filter')
  .refine((list) => list.filter((e) => e.type === 'face-filter').length <= 1, 'At most one face filter');

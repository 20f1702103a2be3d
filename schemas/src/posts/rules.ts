import { z } from 'zod';

/** What a post may hold: the spec's limits and the text post's look. */
export const TEXT_POST_MAX = 300;
export const FONT_STYLES = ['normal', 'bold', 'italic'] as const;
export const fontStyle = z.enum(FONT_STYLES, { error: `fontStyle must be one of ${FONT_STYLES.join(', ')}` });
export type FontStyle = z.infer<typeof fontStyle>;
export const DEFAULT_TEXT_POST_BACKGROUND = '#000000';
export const DEFAULT_TEXT_POST_TEXT_COLOR = '#ffffff';

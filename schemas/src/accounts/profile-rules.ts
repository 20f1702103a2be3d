import { OBJECT_PATH_PREFIX } from '../media/rules.ts';

/**
 * What a profile's look may hold: its defaults and limits, hex colours, and the background
 * value, which the page draws as CSS. A background is either an object path (`/objects/<key>`,
 * whose owner the server checks) or a gradient from a small grammar: no url(), no var(), no
 * semicolons or braces, nothing that could reach another site or break out of the property.
 */

export const ABOUT_ME_MAX = 500;
export const DEFAULT_PROFILE_BACKGROUND_COLOR = '#ffffff';
export const DEFAULT_PROFILE_TEXT_COLOR = '#1f2937';
export const BACKGROUND_VALUE_MAX = 1000;

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

const SIDE = '(?:left|right|top|bottom)';
const NUMBER = '(?:\\d{1,3}(?:\\.\\d{1,3})?)';
const COLOR = [
  '#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})',
  `rgba?\\(\\s*${NUMBER}\\s*,\\s*${NUMBER}\\s*,\\s*${NUMBER}\\s*(?:,\\s*(?:0|1|0?\\.\\d{1,3})\\s*)?\\)`,
  `hsla?\\(\\s*${NUMBER}(?:deg)?\\s*,\\s*${NUMBER}%\\s*,\\s*${NUMBER}%\\s*(?:,\\s*(?:0|1|0?\\.\\d{1,3})\\s*)?\\)`,
  'transparent|white|black',
].join('|');
const STOP = `(?:${COLOR})(?:\\s+-?${NUMBER}%){0,2}`;
const LINEAR_DIRECTION = `(?:to\\s+${SIDE}(?:\\s+${SIDE})?|-?${NUMBER}deg)`;
const POSITION = `(?:center|${SIDE}(?:\\s+${SIDE})?|${NUMBER}%\\s+${NUMBER}%)`;
const RADIAL_SHAPE = `(?:(?:circle|ellipse)(?:\\s+at\\s+${POSITION})?|at\\s+${POSITION})`;
const STOPS = `${STOP}(?:\\s*,\\s*${STOP}){1,15}`;
const LINEAR = new RegExp(`^linear-gradient\\(\\s*(?:${LINEAR_DIRECTION}\\s*,\\s*)?${STOPS}\\s*\\)$`);
const RADIAL = new RegExp(`^radial-gradient\\(\\s*(?:${RADIAL_SHAPE}\\s*,\\s*)?${STOPS}\\s*\\)$`);

/** A linear-gradient(...) or radial-gradient(...) of the safe grammar above. */
export function isSafeGradient(value: string): boolean {
  return value.length <= BACKGROUND_VALUE_MAX && (LINEAR.test(value) || RADIAL.test(value));
}

/** Whether the page draws `value` as a gradient (it does when the value starts with linear- or radial-gradient). */
export function isGradientValue(value: string): boolean {
  return value.startsWith('linear-gradient') || value.startsWith('radial-gradient');
}

/** `/objects/<key>` with a well-formed key. */
export function isObjectPath(value: string): boolean {
  if (!value.startsWith(OBJECT_PATH_PREFIX)) return false;
  const key = value.slice(OBJECT_PATH_PREFIX.length);
  return (
    /^[A-Za-z0-9][A-Za-z0-9._/-]{0,511}$/.test(key) && !key.split('/').some((s) => s === '' || s === '.' || s === '..')
  );
}

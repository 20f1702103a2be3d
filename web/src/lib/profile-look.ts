import type { CSSProperties } from 'react';
import {
  DEFAULT_PROFILE_BACKGROUND_COLOR,
  DEFAULT_PROFILE_TEXT_COLOR,
  isGradientValue,
  isHexColor,
  isObjectPath,
  isSafeGradient,
  type CurrentUser,
} from '@myworld/schemas';

/** The fields that decide how a profile looks. */
export type ProfileLook = Pick<CurrentUser, 'backgroundImageUrl' | 'backgroundColor' | 'textColor'>;

/** How the background is drawn (also on the page as data-background, for tests and styling). */
export type BackgroundKind = 'gradient' | 'image' | 'color';

export interface DrawnLook {
  kind: BackgroundKind;
  style: CSSProperties;
}

/** The colour to draw: the stored hex colour, else the default (DEFAULT_PROFILE_BACKGROUND_COLOR). */
export function backgroundColorOf(look: Pick<ProfileLook, 'backgroundColor'>): string {
  return look.backgroundColor && isHexColor(look.backgroundColor)
    ? look.backgroundColor
    : DEFAULT_PROFILE_BACKGROUND_COLOR;
}

export function textColorOf(look: Pick<ProfileLook, 'textColor'>): string {
  return look.textColor && isHexColor(look.textColor) ? look.textColor : DEFAULT_PROFILE_TEXT_COLOR;
}

/**
 * The page background: the background image if there is one (a gradient when the value starts
 * with linear-/radial-gradient), otherwise the background colour; always in the text colour.
 * Only values of the server's grammar become CSS (a gradient of the safe grammar, an /objects/
 * path), so a stored value can never inject other CSS or load from elsewhere.
 */
export function drawLook(look: ProfileLook): DrawnLook {
  const color = textColorOf(look);
  const image = look.backgroundImageUrl?.trim();
  if (image && isGradientValue(image) && isSafeGradient(image)) {
    return { kind: 'gradient', style: { backgroundImage: image, color } };
  }
  if (image && isObjectPath(image)) {
    const scrim = scrimFor(color);
    return {
      kind: 'image',
      style: {
        // A photo can be light or dark anywhere: a veil opposite to the text colour keeps the text
        // readable over every part of it (dark behind light text, light behind dark text).
        backgroundImage: `linear-gradient(${scrim}, ${scrim}), url("${image}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        backgroundColor: backgroundColorOf(look),
        color,
      },
    };
  }
  return { kind: 'color', style: { backgroundColor: backgroundColorOf(look), color } };
}

/** The veil laid over a background photo for text of `textColor` (#rrggbb). */
export function scrimFor(textColor: string): string {
  return relativeLuminance(textColor) > 0.4 ? 'rgba(0, 0, 0, 0.55)' : 'rgba(255, 255, 255, 0.7)';
}

/** WCAG's relative luminance of a #rrggbb colour, from 0 (black) to 1 (white). */
function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The picture to show: an /objects/ path the server gave, else none (the initial shows instead). */
export function pictureOf(profileImageUrl: string | null): string | null {
  return profileImageUrl && isObjectPath(profileImageUrl) ? profileImageUrl : null;
}

/** "Jane Doe", or the username when no name is set. */
export function displayName(p: { firstName: string | null; lastName: string | null; username: string }): string {
  return `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || p.username;
}

/** The avatar's stand-in: the username's first letter, capitalised. */
export function initialOf(username: string): string {
  return username.charAt(0).toUpperCase();
}

import { ABOUT_ME_MAX, type CurrentUser, type CustomizeProfileBody } from '@myworld/schemas';
import type { BuiltInPhotoBackground } from './photo-backgrounds.ts';
import type { PresetGradient } from './preset-gradients.ts';

/**
 * What the Customize Profile modal edits before Save: the five customisable fields, as the user
 * holds them (null = not set). Each change below is one rule of the modal's state.
 */
export type CustomizeDraft = Pick<
  CurrentUser,
  'aboutMe' | 'profileImageUrl' | 'backgroundImageUrl' | 'backgroundColor' | 'textColor'
>;

export function draftOf(user: CustomizeDraft): CustomizeDraft {
  const { aboutMe, profileImageUrl, backgroundImageUrl, backgroundColor, textColor } = user;
  return { aboutMe, profileImageUrl, backgroundImageUrl, backgroundColor, textColor };
}

/** A built-in photo background sets the background image and clears the colour. */
export const choosePhotoBackground = (draft: CustomizeDraft, photo: BuiltInPhotoBackground): CustomizeDraft => ({
  ...draft,
  backgroundImageUrl: photo.url,
  backgroundColor: null,
});

/** A preset gradient clears the image and sets the colour. */
export const choosePresetGradient = (draft: CustomizeDraft, preset: PresetGradient): CustomizeDraft => ({
  ...draft,
  backgroundImageUrl: null,
  backgroundColor: preset.preview,
});

/** A background found by search becomes the background image. */
export const chooseFoundBackground = (draft: CustomizeDraft, url: string): CustomizeDraft => ({
  ...draft,
  backgroundImageUrl: url,
});

/** Remove Background clears the image. */
export const removeBackground = (draft: CustomizeDraft): CustomizeDraft => ({ ...draft, backgroundImageUrl: null });

/** An uploaded background: the objectPath the server gave is the image. */
export const setUploadedBackground = (draft: CustomizeDraft, objectPath: string): CustomizeDraft => ({
  ...draft,
  backgroundImageUrl: objectPath,
});

/** An uploaded picture: the objectPath the server gave is the profile image. */
export const setUploadedPicture = (draft: CustomizeDraft, objectPath: string): CustomizeDraft => ({
  ...draft,
  profileImageUrl: objectPath,
});

/** About Me as typed, cut at 500 characters. */
export const setAboutMe = (draft: CustomizeDraft, text: string): CustomizeDraft => ({
  ...draft,
  aboutMe: text.slice(0, ABOUT_ME_MAX),
});

export const setBackgroundColor = (draft: CustomizeDraft, color: string): CustomizeDraft => ({
  ...draft,
  backgroundColor: color,
});
export const setTextColor = (draft: CustomizeDraft, color: string): CustomizeDraft => ({ ...draft, textColor: color });

const FIELDS = ['aboutMe', 'profileImageUrl', 'backgroundImageUrl', 'backgroundColor', 'textColor'] as const;

/** Empty text and null both mean "not set". */
const normalized = (value: string | null) => (value === '' ? null : value);

/**
 * The body of PUT /api/profile/customize: only the fields that differ from what the user had
 * (omitted = unchanged), a cleared one as null.
 */
export function changedFields(before: CustomizeDraft, after: CustomizeDraft): CustomizeProfileBody {
  const body: CustomizeProfileBody = {};
  for (const field of FIELDS) {
    const value = normalized(after[field]);
    if (value !== normalized(before[field])) body[field] = value;
  }
  return body;
}

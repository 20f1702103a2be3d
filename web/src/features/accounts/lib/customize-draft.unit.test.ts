import { describe, expect, it } from 'vitest';
import {
  changedFields,
  choosePhotoBackground,
  choosePresetGradient,
  removeBackground,
  setAboutMe,
  setUploadedBackground,
  setUploadedPicture,
  type CustomizeDraft,
} from './customize-draft.ts';
import { PHOTO_BACKGROUNDS } from './photo-backgrounds.ts';
import { PRESET_GRADIENTS } from './preset-gradients.ts';

const start: CustomizeDraft = {
  aboutMe: 'Hi',
  profileImageUrl: null,
  backgroundImageUrl: '/objects/uploads/u1/bg.jpg',
  backgroundColor: '#123456',
  textColor: null,
};
const photo = PHOTO_BACKGROUNDS[0]!;
const preset = PRESET_GRADIENTS[0]!;

describe("the Customize modal's state rules", () => {
  it('a built-in photo background sets the image and clears the colour', () => {
    expect(choosePhotoBackground(start, photo)).toMatchObject({ backgroundImageUrl: photo.url, backgroundColor: null });
  });

  it('a preset gradient clears the image and sets the colour', () => {
    expect(choosePresetGradient(start, preset)).toMatchObject({
      backgroundImageUrl: null,
      backgroundColor: preset.preview,
    });
  });

  it('Remove Background clears the image only', () => {
    expect(removeBackground(start)).toEqual({ ...start, backgroundImageUrl: null });
  });

  it('uploads set the image or picture to the objectPath', () => {
    expect(setUploadedBackground(start, '/objects/uploads/u1/new.jpg').backgroundImageUrl).toBe(
      '/objects/uploads/u1/new.jpg',
    );
    expect(setUploadedPicture(start, '/objects/uploads/u1/me.png').profileImageUrl).toBe('/objects/uploads/u1/me.png');
  });

  it('About Me stops at 500 characters', () => {
    expect(setAboutMe(start, 'a'.repeat(501)).aboutMe).toHaveLength(500);
  });

  it('saves only what changed, a cleared field as null, empty text as cleared', () => {
    expect(changedFields(start, start)).toEqual({});
    expect(changedFields(start, choosePhotoBackground(start, photo))).toEqual({
      backgroundImageUrl: photo.url,
      backgroundColor: null,
    });
    expect(changedFields(start, setAboutMe(start, ''))).toEqual({ aboutMe: null });
    expect(changedFields({ ...start, aboutMe: '' }, { ...start, aboutMe: null })).toEqual({});
  });
});

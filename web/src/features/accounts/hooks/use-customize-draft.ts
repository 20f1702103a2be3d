import { useCallback, useState } from 'react';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import {
  changedFields,
  chooseFoundBackground,
  choosePhotoBackground,
  choosePresetGradient,
  draftOf,
  removeBackground,
  setAboutMe,
  setBackgroundColor,
  setTextColor,
  setUploadedBackground,
  setUploadedPicture,
  type CustomizeDraft,
} from '../lib/customize-draft.ts';
import type { BuiltInPhotoBackground } from '../lib/photo-backgrounds.ts';
import type { PresetGradient } from '../lib/preset-gradients.ts';
import { PROFILE_MESSAGES } from '@myworld/schemas';

/**
 * The Customize Profile modal's working copy of the user's look: what it started from, what it is
 * now, every change the modal offers (with its toast where it has one) and the changes to
 * save.
 */
export function useCustomizeDraft(user: CustomizeDraft) {
  const [initial] = useState(() => draftOf(user));
  const [draft, setDraft] = useState(initial);

  const choosePhoto = useCallback((photo: BuiltInPhotoBackground) => {
    setDraft((d) => choosePhotoBackground(d, photo));
    toast({ title: PROFILE_MESSAGES.photoBackgroundSelected });
  }, []);
  const choosePreset = useCallback((preset: PresetGradient) => {
    setDraft((d) => choosePresetGradient(d, preset));
    toast({ title: PROFILE_MESSAGES.backgroundSelected });
  }, []);
  const chooseFound = useCallback((url: string) => {
    setDraft((d) => chooseFoundBackground(d, url));
    toast({ title: PROFILE_MESSAGES.backgroundSelected });
  }, []);
  const remove = useCallback(() => {
    setDraft(removeBackground);
    toast({ title: PROFILE_MESSAGES.backgroundRemoved });
  }, []);

  return {
    draft,
    changes: changedFields(initial, draft),
    choosePhoto,
    choosePreset,
    chooseFound,
    removeBackground: remove,
    setAboutMe: useCallback((text: string) => setDraft((d) => setAboutMe(d, text)), []),
    setBackgroundColor: useCallback((color: string) => setDraft((d) => setBackgroundColor(d, color)), []),
    setTextColor: useCallback((color: string) => setDraft((d) => setTextColor(d, color)), []),
    takeUploadedPicture: useCallback((objectPath: string) => setDraft((d) => setUploadedPicture(d, objectPath)), []),
    takeUploadedBackground: useCallback(
      (objectPath: string) => setDraft((d) => setUploadedBackground(d, objectPath)),
      [],
    ),
  };
}

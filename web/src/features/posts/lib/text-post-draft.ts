import {
  DEFAULT_TEXT_POST_BACKGROUND,
  DEFAULT_TEXT_POST_TEXT_COLOR,
  type FontStyle,
  type TextPostBody,
} from '@myworld/schemas';

/** What the composer holds before sharing: the text-post payload, the photo as its objectPath. */
export interface TextPostDraft {
  content: string;
  backgroundColor: string;
  textColor: string;
  fontStyle: FontStyle;
  imageUrl: string | null;
  /** A local address of the chosen photo, for the preview only (never sent). */
  imagePreviewUrl: string | null;
}

export const EMPTY_DRAFT: TextPostDraft = {
  content: '',
  backgroundColor: DEFAULT_TEXT_POST_BACKGROUND,
  textColor: DEFAULT_TEXT_POST_TEXT_COLOR,
  fontStyle: 'normal',
  imageUrl: null,
  imagePreviewUrl: null,
};

/** A post needs some text (blanks do not count) or a photo. */
export function hasContent(draft: TextPostDraft): boolean {
  return draft.content.trim().length > 0 || draft.imageUrl !== null;
}

/** The POST /api/text-posts body; `userId` goes empty (the session says who posts). */
export function toTextPostBody(draft: TextPostDraft): TextPostBody {
  return {
    content: draft.content,
    backgroundColor: draft.backgroundColor,
    textColor: draft.textColor,
    fontStyle: draft.fontStyle,
    ...(draft.imageUrl ? { imageUrl: draft.imageUrl } : {}),
    userId: '',
  };
}

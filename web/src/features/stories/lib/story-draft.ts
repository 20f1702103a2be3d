import {
  DEFAULT_STORY_BACKGROUND,
  POST_MESSAGES,
  STORY_MEDIA_MAX_BYTES,
  STORY_MESSAGES,
  type StoryMediaType,
} from '@myworld/schemas';
import type { ToastInput } from '../../../components/ui/toast/toast-store.ts';
import { STORY_LABELS } from './labels.ts';

/** What the create dialog holds before sharing: the multipart fields (mediaType, content, backgroundColor) and the chosen file. */
export interface StoryDraft {
  mediaType: StoryMediaType;
  /** A text story's text, or a photo or video story's optional caption. */
  content: string;
  backgroundColor: string;
  /** The photo or video to send as the `media` part; null for text or before one is chosen. */
  file: File | null;
}

export const EMPTY_STORY_DRAFT: StoryDraft = {
  mediaType: 'text',
  content: '',
  backgroundColor: DEFAULT_STORY_BACKGROUND,
  file: null,
};

/** Why the draft cannot be shared yet (the validation toast), or null when it can. */
export function draftProblem(draft: StoryDraft): ToastInput | null {
  if (draft.mediaType === 'text') {
    if (draft.content.trim()) return null;
    return {
      title: POST_MESSAGES.contentRequired,
      description: STORY_MESSAGES.textRequiredDescription,
      variant: 'destructive',
    };
  }
  if (draft.file) return null;
  const description =
    draft.mediaType === 'image' ? STORY_MESSAGES.imageRequiredDescription : STORY_MESSAGES.videoRequiredDescription;
  return { title: STORY_MESSAGES.mediaRequired, description, variant: 'destructive' };
}

/**
 * Why a chosen file cannot be a photo (or video) story: the wrong kind (the file picker's filter
 * can be bypassed) or over the server's limit, refused here rather than after a long upload.
 */
export function fileProblem(mediaType: 'image' | 'video', file: File): ToastInput | null {
  if (!file.type.startsWith(`${mediaType}/`)) {
    return {
      title: STORY_LABELS.wrongFileType,
      description: mediaType === 'image' ? STORY_LABELS.imageOnly : STORY_LABELS.videoOnly,
      variant: 'destructive',
    };
  }
  if (file.size > STORY_MEDIA_MAX_BYTES[mediaType]) {
    return {
      title: STORY_LABELS.fileTooLarge,
      description: mediaType === 'image' ? STORY_LABELS.imageTooLarge : STORY_LABELS.videoTooLarge,
      variant: 'destructive',
    };
  }
  return null;
}

/**
 * POST /api/stories' multipart body: mediaType, content, backgroundColor, and `media` only when a
 * file goes with it. The text fields go first: the server streams the file and needs the kind
 * (and so its size limit) before the file arrives.
 */
export function toStoryForm(draft: StoryDraft): FormData {
  const form = new FormData();
  form.set('mediaType', draft.mediaType);
  form.set('content', draft.content);
  form.set('backgroundColor', draft.backgroundColor);
  if (draft.mediaType !== 'text' && draft.file) form.set('media', draft.file, draft.file.name);
  return form;
}

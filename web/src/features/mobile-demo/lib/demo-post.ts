import { TEXT_POST_MAX } from '@myworld/schemas';
import { DEMO_YOU, SAMPLE_MEDIA, type DemoArt, type DemoPost } from './sample-data.ts';

/** What the create sheet offers, in order. */
export const CREATE_OPTIONS = [
  { kind: 'text', label: 'Text', hint: 'Share a thought on your colours' },
  { kind: 'media', label: 'Photo/Video', hint: 'Post a sample clip with a caption' },
  { kind: 'live', label: 'Go Live', hint: 'Start a pretend stream' },
] as const;
export type DemoPostKind = (typeof CREATE_OPTIONS)[number]['kind'];

/** Same limit as a real text post. */
export const DEMO_TEXT_MAX = TEXT_POST_MAX;
export const DEMO_TEXT_REQUIRED = 'Write something before you post.';

export interface DemoDraft {
  kind: DemoPostKind;
  text: string;
  /** The sample picture of a Photo/Video post. */
  art: DemoArt;
}

export const hasText = (text: string) => text.trim().length > 0;

/** The demo post for a draft, or the reason there is none: every kind needs non-blank text. */
export function toDemoPost(draft: DemoDraft, id: string): { post: DemoPost } | { error: string } {
  const text = draft.text.trim().slice(0, DEMO_TEXT_MAX);
  if (!text) return { error: DEMO_TEXT_REQUIRED };
  const base = { id, author: DEMO_YOU, text, likes: 0, comments: 0, postedAgo: 'now' };
  switch (draft.kind) {
    case 'text':
      return { post: { ...base, kind: 'text', background: DEMO_YOU.profileColor, color: '#ffffff' } };
    case 'media':
      return { post: { ...base, kind: 'media', art: draft.art, duration: null } };
    case 'live':
      return {
        post: {
          ...base,
          kind: 'live',
          art: { from: DEMO_YOU.profileColor, to: '#111827', motif: 'camera' },
          viewers: 0,
        },
      };
  }
}

export const emptyDraft = (kind: DemoPostKind): DemoDraft => ({ kind, text: '', art: SAMPLE_MEDIA[0]! });

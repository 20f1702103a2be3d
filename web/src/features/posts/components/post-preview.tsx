import type { CSSProperties } from 'react';
import type { FontStyle } from '@myworld/schemas';
import type { TextPostDraft } from '../lib/text-post-draft.ts';

/** How a font style reads in CSS. */
export function fontCss(style: FontStyle): CSSProperties {
  return { fontWeight: style === 'bold' ? 700 : 400, fontStyle: style === 'italic' ? 'italic' : 'normal' };
}

/**
 * The post as it will look in the feed, updated as the author types: with a photo, the photo fills
 * the card and the text sits over it; without, the text on the background colour.
 */
export function PostPreview({ draft }: { draft: TextPostDraft }) {
  const text = draft.content.trim();
  const photo = draft.imageUrl ? draft.imagePreviewUrl : null;
  return (
    <section
      className={`post-preview ${photo ? 'post-preview--photo' : ''}`}
      aria-label="Preview"
      data-testid="post-preview"
      style={{
        backgroundColor: photo ? undefined : draft.backgroundColor,
        color: draft.textColor,
        ...fontCss(draft.fontStyle),
      }}
    >
      {photo && <img className="post-preview__image" src={photo} alt="The post's photo" />}
      <p className={`post-preview__text ${text ? '' : 'is-placeholder'}`}>{text || "What's on your mind?"}</p>
    </section>
  );
}

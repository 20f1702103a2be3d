import type { CSSProperties } from 'react';
import type { FontStyle } from '@myworld/schemas';
import type { TextPostDraft } from '../lib/text-post-draft.ts';

/** How a font style reads in CSS. */
export function fontCss(style: FontStyle): CSSProperties {
  return { fontWeight: style === 'bold' ? 700 : 400, fontStyle: style === 'italic' ? 'italic' : 'normal' };
}

/** The post as it will look: its colours, font, text and photo, updated as the author types. */
export function PostPreview({ draft }: { draft: TextPostDraft }) {
  const text = draft.content.trim();
  return (
    <section
      className="post-preview"
      aria-label="Preview"
      data-testid="post-preview"
      style={{ backgroundColor: draft.backgroundColor, color: draft.textColor, ...fontCss(draft.fontStyle) }}
    >
      {draft.imageUrl && <img className="post-preview__image" src={draft.imageUrl} alt="The post's photo" />}
      <p className={`post-preview__text ${text ? '' : 'is-placeholder'}`}>{text || "What's on your mind?"}</p>
    </section>
  );
}

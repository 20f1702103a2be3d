import type { CSSProperties } from 'react';
import {
  DEFAULT_TEXT_POST_BACKGROUND,
  DEFAULT_TEXT_POST_TEXT_COLOR,
  isHexColor,
  type TextItem,
} from '@myworld/schemas';
import { HashtagText } from './hashtag-text.tsx';

/**
 * A text post: its photo with the text over it, or the text on its background colour, in its
 * colour and font style; its hashtags link to their pages.
 */
export function TextPostCard({ post }: { post: TextItem }) {
  const textStyle: CSSProperties = {
    color: colorOr(post.textColor, DEFAULT_TEXT_POST_TEXT_COLOR),
    fontWeight: post.fontStyle === 'bold' ? 700 : 400,
    fontStyle: post.fontStyle === 'italic' ? 'italic' : 'normal',
  };
  if (post.imageUrl) {
    return (
      <div className="text-post text-post--image" data-testid="text-post">
        <img className="text-post__image" src={post.imageUrl} alt="" />
        {post.content && (
          <p className="text-post__content text-post__content--overlay" style={textStyle}>
            <HashtagText text={post.content} />
          </p>
        )}
      </div>
    );
  }
  return (
    <div
      className="text-post"
      data-testid="text-post"
      style={{ backgroundColor: colorOr(post.backgroundColor, DEFAULT_TEXT_POST_BACKGROUND) }}
    >
      <p className="text-post__content" style={textStyle}>
        <HashtagText text={post.content} />
      </p>
    </div>
  );
}

/** Colours become CSS, so only the hex colours the server accepts are used. */
function colorOr(value: string, fallback: string): string {
  return isHexColor(value) ? value : fallback;
}

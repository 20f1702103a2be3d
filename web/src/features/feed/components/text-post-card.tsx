import type { CSSProperties } from 'react';
import {
  DEFAULT_TEXT_POST_BACKGROUND,
  DEFAULT_TEXT_POST_TEXT_COLOR,
  isHexColor,
  type TextItem,
} from '@myworld/schemas';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { HashtagText } from './hashtag-text.tsx';

/**
 * A text post: its photo with the text over it, or the text on its background colour, in its
 * colour and font style; its hashtags link to their pages. The colours are any the author chose, so
 * they are styles, set once the client has the page (the CSP blocks a style attribute in the
 * server's HTML): until then the default colours show (feed.css), in the font style's class.
 */
export function TextPostCard({ post }: { post: TextItem }) {
  const colored = useHydrated();
  const textStyle: CSSProperties | undefined = colored
    ? {
        color: colorOr(post.textColor, DEFAULT_TEXT_POST_TEXT_COLOR),
        fontWeight: post.fontStyle === 'bold' ? 700 : 400,
        fontStyle: post.fontStyle === 'italic' ? 'italic' : 'normal',
      }
    : undefined;
  const textClass = `text-post__content text-post__content--${post.fontStyle}`;
  if (post.imageUrl) {
    return (
      <div className="text-post text-post--image" data-testid="text-post">
        <img className="text-post__image" src={post.imageUrl} alt="" />
        {post.content && (
          <p className={`${textClass} text-post__content--overlay`} style={textStyle}>
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
      style={colored ? { backgroundColor: colorOr(post.backgroundColor, DEFAULT_TEXT_POST_BACKGROUND) } : undefined}
    >
      <p className={textClass} style={textStyle}>
        <HashtagText text={post.content} />
      </p>
    </div>
  );
}

/** Colours become CSS, so only the hex colours the server accepts are used. */
function colorOr(value: string, fallback: string): string {
  return isHexColor(value) ? value : fallback;
}

import {
  DEFAULT_TEXT_POST_BACKGROUND,
  DEFAULT_TEXT_POST_TEXT_COLOR,
  isHexColor,
  type FontStyle,
} from '@myworld/schemas';
import './text-post-tile.css';

export interface TextPostLook {
  content: string;
  imageUrl: string | null;
  backgroundColor: string;
  textColor: string;
  fontStyle: FontStyle;
}

/**
 * A text post as a grid tile (profiles, trending, recommendations): its photo when it has one,
 * else its text on its own background colour, in its colour and font style, cut to fit. A stored
 * colour that is not a hex colour never becomes CSS.
 */
export function TextPostTile({ post }: { post: TextPostLook }) {
  if (post.imageUrl) return <img className="text-post-tile__image" src={post.imageUrl} alt="" loading="lazy" />;
  return (
    <span
      className="text-post-tile"
      data-testid="text-post-tile"
      style={{
        backgroundColor: colorOr(post.backgroundColor, DEFAULT_TEXT_POST_BACKGROUND),
        color: colorOr(post.textColor, DEFAULT_TEXT_POST_TEXT_COLOR),
        fontWeight: post.fontStyle === 'bold' ? 700 : 400,
        fontStyle: post.fontStyle === 'italic' ? 'italic' : 'normal',
      }}
    >
      <span className="text-post-tile__text">{post.content}</span>
    </span>
  );
}

const colorOr = (value: string, fallback: string) => (isHexColor(value) ? value : fallback);

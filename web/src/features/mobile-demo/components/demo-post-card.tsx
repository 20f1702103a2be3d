import { useState } from 'react';
import { formatCount } from '../../../lib/format-count.ts';
import { CommentIcon, HeartIcon, ShareIcon } from '../../../components/ui/icons.tsx';
import type { DemoPost } from '../lib/sample-data.ts';
import { DemoArt, DemoAvatar } from './demo-art.tsx';

/** One post of the mock feed; the heart works (locally), like the real one. */
export function DemoPostCard({ post }: { post: DemoPost }) {
  const [liked, setLiked] = useState(false);
  const likes = post.likes + (liked ? 1 : 0);
  return (
    <article className="demo-post" data-testid="demo-post">
      <header className="demo-post__byline">
        <DemoAvatar name={post.author.name} color={post.author.profileColor} />
        <div className="demo-post__who">
          <span className="demo-post__name">{post.author.name}</span>
          <span className="demo-post__meta">
            @{post.author.username} · {post.postedAgo}
          </span>
        </div>
      </header>
      <PostBody post={post} />
      <footer className="demo-post__actions">
        <button
          type="button"
          className={`demo-post__action ${liked ? 'is-liked' : ''}`}
          aria-pressed={liked}
          aria-label="Like"
          onClick={() => setLiked((l) => !l)}
        >
          <HeartIcon filled={liked} /> {formatCount(likes)}
        </button>
        <span className="demo-post__action">
          <CommentIcon /> {formatCount(post.comments)}
        </span>
        <span className="demo-post__action">
          <ShareIcon />
        </span>
      </footer>
    </article>
  );
}

function PostBody({ post }: { post: DemoPost }) {
  if (post.kind === 'text') {
    return (
      <p
        className="demo-post__card-text"
        style={{ background: post.background, color: post.color }}
        data-testid="demo-post-text"
      >
        {post.text}
      </p>
    );
  }
  return (
    <>
      <div className="demo-post__media">
        <DemoArt art={post.art} />
        {post.kind === 'live' ? (
          <span className="demo-post__badge demo-post__badge--live">LIVE · {formatCount(post.viewers)} watching</span>
        ) : (
          post.duration && <span className="demo-post__badge">{post.duration}</span>
        )}
      </div>
      <p className="demo-post__caption" data-testid="demo-post-text">
        {post.text}
      </p>
    </>
  );
}

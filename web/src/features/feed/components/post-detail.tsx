import { Link } from 'wouter';
import type { PostItem } from '@myworld/schemas';
import { useSlots } from '../../../lib/slots.tsx';
import { BackIcon } from './feed-icons.tsx';
import { PostByline } from './post-byline.tsx';
import { PostVideo } from './post-video.tsx';
import { TextPostCard } from './text-post-card.tsx';

/** One post full size (a video with the browser's controls), its author, side actions and comments. */
export function PostDetail({ post }: { post: PostItem }) {
  const { PostActions, PostComments } = useSlots();
  return (
    <main className="post-detail" data-testid="post-detail" data-post-id={post.id} data-kind={post.kind}>
      <header className="post-detail__bar">
        <Link href="/" className="icon-button" aria-label="Back to home">
          <BackIcon />
        </Link>
        <h1 className="post-detail__title">{post.kind === 'video' ? 'Video' : 'Post'}</h1>
      </header>
      <div className="post-detail__stage">
        {post.kind === 'video' ? <PostVideo post={post} active controls /> : <TextPostCard post={post} />}
        <div className="post-detail__actions">
          <PostActions post={post} />
        </div>
      </div>
      <PostByline post={post} placement="page" />
      <section className="post-detail__comments" aria-labelledby="post-detail-comments">
        <h2 id="post-detail-comments" className="post-detail__section-title">
          Comments
        </h2>
        <PostComments postId={post.id} />
      </section>
    </main>
  );
}

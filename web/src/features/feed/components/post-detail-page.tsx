import { useParams } from 'wouter';
import { hasStatus } from '../../../lib/api-client.ts';
import { usePost } from '../api/get-post.ts';
import { useRecordView } from '../hooks/use-record-view.ts';
import { PostDetail } from './post-detail.tsx';
import { PostNotFound } from './post-not-found.tsx';
import './feed.css';

/** /video/{id} and /post/{id}: the post search results and shared links point to. */
export function PostDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const post = usePost(id);
  useRecordView(post.data?.id ?? null);

  if (post.isPending) {
    return (
      <div className="full-screen-center" aria-busy="true">
        <span className="spinner" role="progressbar" aria-label="Loading the post" />
      </div>
    );
  }
  // 400: an id that cannot be a post's (not a UUID) is just as missing.
  if (post.isError && (hasStatus(post.error, 404) || hasStatus(post.error, 400))) return <PostNotFound />;
  if (post.isError) {
    return (
      <main className="full-screen-center" role="alert" data-testid="post-error">
        <p>Couldn't load this post.</p>
        <button type="button" className="btn btn--secondary" onClick={() => void post.refetch()}>
          Try again
        </button>
      </main>
    );
  }
  return <PostDetail post={post.data} />;
}

import { useMemo } from 'react';
import { ENGAGEMENT_MESSAGES, type Comment } from '@myworld/schemas';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useComments } from '../api/list-comments.ts';
import { CommentComposer } from './comment-composer.tsx';
import { SignInToComment } from './sign-in-to-comment.tsx';
import { CommentItem } from './comment-item.tsx';
import './engagement.css';

/**
 * The `PostComments` slot (and the comments sheet's body): the composer (for a visitor, a way to
 * sign in), then comments newest first, a page at a time. On a post's page signing in comes back
 * ready to write; a sheet is closed by then, so from there it only comes back to the page.
 */
export function PostComments({ postId, inSheet = false }: { postId: string; inSheet?: boolean }) {
  const { user } = useCurrentUser();
  const query = useComments(postId);
  const comments = useMemo(() => uniqueById(query.data?.pages.flatMap((p) => p.comments) ?? []), [query.data]);

  return (
    <section className="comments" aria-label="Comments" data-testid="post-comments">
      {user ? <CommentComposer postId={postId} /> : <SignInToComment postId={inSheet ? null : postId} />}
      {query.isPending ? (
        <p className="muted comments__status">Loading comments...</p>
      ) : query.isError && comments.length === 0 ? (
        <p className="comments__status" role="alert">
          Couldn't load the comments.{' '}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : comments.length === 0 ? (
        <div className="comments__status" data-testid="comments-empty">
          <p className="comments__empty-title">{ENGAGEMENT_MESSAGES.noComments}</p>
          <p className="muted">{ENGAGEMENT_MESSAGES.beFirst}</p>
        </div>
      ) : (
        <ul className="comments__list">
          {comments.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              isOwn={c.authorId === user?.id}
              canReport={!!user && c.authorId !== user.id}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn--secondary btn--small comments__more"
          disabled={query.isFetchingNextPage}
          data-testid="comments-load-more"
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </button>
      )}
    </section>
  );
}

/** A comment posted here can also arrive in a later page's answer; show it once. */
function uniqueById(comments: Comment[]): Comment[] {
  const seen = new Set<string>();
  return comments.filter((c) => !seen.has(c.id) && seen.add(c.id));
}

import { Link } from 'wouter';
import type { Comment } from '@myworld/schemas';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';
import { MenuButton } from '../../../components/ui/menu-button.tsx';
import { useSlots } from '../../../lib/slots.tsx';
import { UserAvatar } from './user-avatar.tsx';

interface CommentItemProps {
  comment: Comment;
  /** Only the comment's author may delete it. */
  isOwn: boolean;
  /** Signed in and not the author: the comment can be reported. */
  canReport: boolean;
}

export function CommentItem({ comment, isOwn, canReport }: CommentItemProps) {
  const { ReportAction } = useSlots();
  const remove = useDeleteComment(comment.postId);
  return (
    <li className="comment" data-testid="comment-item" data-comment-id={comment.id}>
      <UserAvatar username={comment.user.username} profileImageUrl={comment.user.profileImageUrl} />
      <div className="comment__body">
        <p className="comment__meta">
          <Link href={`/profile/${comment.authorId}`} className="comment__author">
            {comment.user.firstName || comment.user.username}
          </Link>{' '}
          <time className="muted" dateTime={comment.createdAt}>
            {formatRelativeTime(comment.createdAt)}
          </time>
        </p>
        <p className="comment__text">{comment.content}</p>
      </div>
      {isOwn && (
        <button
          type="button"
          className="btn btn--ghost btn--small comment__delete"
          disabled={remove.isPending}
          data-testid="comment-delete"
          onClick={() => remove.mutate(comment.id, { onError: (error) => toastFailure('Error', error) })}
        >
          Delete
        </button>
      )}
      {canReport && (
        <MenuButton
          label="More about this comment"
          testId="comment-more"
          items={(close) => <ReportAction contentType="comment" contentId={comment.id} onDone={close} />}
        />
      )}
    </li>
  );
}

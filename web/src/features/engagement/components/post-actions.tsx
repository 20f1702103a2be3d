import { useCallback, useState } from 'react';
import type { PostItem } from '@myworld/schemas';
import { ActionButton } from './action-button.tsx';
import { CommentsSheet } from './comments-sheet.tsx';
import { CommentIcon } from '../../../components/ui/icons.tsx';
import { LikeButton } from './like-button.tsx';
import { MoreMenu } from './more-menu.tsx';
import { ShareButton } from './share-button.tsx';
import './engagement.css';

/** The `PostActions` slot: like, comment (opens the comments sheet), share and more, beside a post. */
export function PostActions({ post }: { post: PostItem }) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const closeComments = useCallback(() => setCommentsOpen(false), []);
  return (
    <div className="post-actions" data-testid="post-actions">
      <LikeButton post={post} />
      <ActionButton
        label="Comments"
        icon={<CommentIcon />}
        count={post.commentCount}
        testId="comment-button"
        countTestId="comment-count"
        onClick={() => setCommentsOpen(true)}
      />
      <ShareButton post={post} />
      <MoreMenu post={post} />
      {commentsOpen && <CommentsSheet postId={post.id} onClose={closeComments} />}
    </div>
  );
}

import { createPortal } from 'react-dom';
import { Modal } from '../../../components/ui/modal.tsx';
import { PostComments } from './post-comments.tsx';

/**
 * The comments over the feed. In a portal on <body>, so the feed item's stacking and the bottom
 * navigation never sit above it.
 */
export function CommentsSheet({ postId, onClose }: { postId: string; onClose: () => void }) {
  return createPortal(
    <Modal title="Comments" onClose={onClose} testId="comments-sheet">
      <PostComments postId={postId} inSheet />
    </Modal>,
    document.body,
  );
}

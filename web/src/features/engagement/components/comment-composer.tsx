import { useId, useState, type FormEvent } from 'react';
import { COMMENT_MAX } from '@myworld/schemas';
import { useAddComment } from '../api/add-comment.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';

/** Writes a comment (at most 500 characters, with a live "n/500" count); cleared once posted. */
export function CommentComposer({ postId }: { postId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const add = useAddComment(postId);
  const canPost = text.trim().length > 0 && !add.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!canPost) return;
    add.mutate(text.trim(), { onSuccess: () => setText(''), onError: (error) => toastFailure('Error', error) });
  }

  return (
    <form className="comment-composer" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        Add a comment
      </label>
      <textarea
        id={id}
        className="input comment-composer__input"
        rows={2}
        maxLength={COMMENT_MAX}
        placeholder="Add a comment..."
        value={text}
        data-testid="comment-input"
        onChange={(e) => setText(e.target.value)}
      />
      <div className="comment-composer__footer">
        <span className="field__hint" data-testid="comment-counter">
          {text.length}/{COMMENT_MAX}
        </span>
        <button type="submit" className="btn btn--primary btn--small" disabled={!canPost} data-testid="comment-submit">
          {add.isPending ? 'Posting...' : 'Post'}
        </button>
      </div>
    </form>
  );
}

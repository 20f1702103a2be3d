import { useId, useRef, useState, type FormEvent } from 'react';
import { COMMENT_MAX } from '@myworld/schemas';
import { useAddComment } from '../api/add-comment.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';
import { useResumeAfterSignIn } from '../../../lib/use-sign-in-first.ts';
import { commentAction } from './sign-in-to-comment.tsx';

/**
 * Writes a comment (at most 500 characters, with a live "n/500" count); cleared once posted. Back
 * from signing in to comment, it takes the focus.
 */
export function CommentComposer({ postId }: { postId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const add = useAddComment(postId);
  const canPost = text.trim().length > 0 && !add.isPending;
  const input = useRef<HTMLTextAreaElement>(null);
  // Back from "Sign in to comment": ready to write where the visitor left off.
  useResumeAfterSignIn(commentAction(postId), () => {
    input.current?.scrollIntoView({ block: 'center' });
    input.current?.focus();
  });

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
        ref={input}
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

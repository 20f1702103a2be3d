import { describe, it } from 'vitest';
import { deciderSpec } from '../commands/decider-testing.ts';
import { commentDecider, type CommentCommand } from './comment.decider.ts';
import type { CommentEvent } from './comment.state.ts';

const now = new Date('2026-11-23T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(commentDecider);
const add = (content: string): CommentCommand => ({
  type: 'AddComment',
  commentId: 'c1',
  postId: 'p1',
  postAuthorId: 'ada',
  authorId: 'bob',
  content,
  now,
});
const remove = (userId: string, postId = 'p1'): CommentCommand => ({ type: 'DeleteComment', postId, userId, now });
const added: CommentEvent = {
  type: 'CommentAdded',
  data: { commentId: 'c1', postId: 'p1', postAuthorId: 'ada', authorId: 'bob', content: 'Nice one', createdAt: at },
};
const deleted: CommentEvent = {
  type: 'CommentDeleted',
  data: { commentId: 'c1', postId: 'p1', authorId: 'bob', deletedAt: at },
};

describe('comment decider (comment-{commentId})', () => {
  it('given nothing, when bob comments, then CommentAdded with the trimmed text', () => {
    spec.given().when(add('  Nice one  ')).then([added]);
  });

  it('refuses a blank comment and one over 500 characters (400 naming content); 500 is fine', () => {
    spec
      .given()
      .when(add('   '))
      .thenRefuses({ status: 400, code: 'comment_required', field: 'content', message: 'Write a comment first' });
    spec
      .given()
      .when(add('x'.repeat(501)))
      .thenRefuses({
        status: 400,
        code: 'comment_too_long',
        field: 'content',
        message: 'A comment is at most 500 characters',
      });
    spec
      .given()
      .when(add(` ${'x'.repeat(500)} `))
      .then([{ ...added, data: { ...added.data, content: 'x'.repeat(500) } } as CommentEvent]);
  });

  it('the same comment id twice is refused (409)', () => {
    spec.given(added).when(add('again')).thenRefuses({ status: 409, code: 'comment_exists' });
  });

  it('its writer deletes it: CommentDeleted', () => {
    spec.given(added).when(remove('bob')).then([deleted]);
  });

  it('anyone else gets 403 "Only its author can delete this comment"', () => {
    spec
      .given(added)
      .when(remove('ada'))
      .thenRefuses({ status: 403, code: 'forbidden', message: 'Only its author can delete this comment' });
  });

  it('an unknown comment, a deleted one, or one of another post is 404 "Comment not found"', () => {
    const notFound = { status: 404, code: 'not_found', field: 'commentId', message: 'Comment not found' } as const;
    spec.given().when(remove('bob')).thenRefuses(notFound);
    spec.given(added, deleted).when(remove('bob')).thenRefuses(notFound);
    spec.given(added).when(remove('bob', 'p2')).thenRefuses(notFound);
  });
});

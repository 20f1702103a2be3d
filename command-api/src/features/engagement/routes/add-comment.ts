import { COMMENT_MAX, commentBody, commentResponse, postIdParam, type Comment } from '@myworld/schemas';
import { commentById, type PostsDb } from '@myworld/projections';
import { newAggregateId } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { runCommentCommand, livePost } from '@myworld/write-model/engagement';
import { engagementRoute } from '../context.ts';
import { commentCountWith } from '../post-counts.ts';
import { writerCard } from '../writer-card.ts';

/** Comments on a post: 201 with the comment (its writer's card) and the post's comment count with this comment in it (no read-model wait). */
export const addComment = engagementRoute({
  method: 'POST',
  url: '/api/posts/:id/comments',
  summary: 'Comment on a post',
  description: `At most ${COMMENT_MAX} characters after trimming, not blank (400 naming content). 404 "Post not found" for an unknown, deleted or removed post, or one hidden by moderation. Comments per user are limited (RATE_LIMIT_COMMENTS, default 30 a minute; 429 with Retry-After).`,
  config: { auth: 'user', command: 'AddComment', limit: 'comments' },
  schema: { params: postIdParam, body: commentBody, response: { 201: withPosition(commentResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const context = commandContext(request, userId);
    const post = await livePost(ctx.store, request.params.id);
    // A retry with the same Idempotency-Key names the same comment (and the key's fingerprint does not cover the post id).
    const newCommentId = newAggregateId(context, userId, `comment:${post.postId}`);
    const command = {
      type: 'AddComment',
      commentId: newCommentId,
      postId: post.postId,
      postAuthorId: post.authorId,
      authorId: userId,
      content: request.body.content,
      now: new Date(),
    } as const;
    const result = await runCommentCommand(ctx.store, newCommentId, command, context);
    const added = result.events.find((e) => e.type === 'CommentAdded');
    if (added?.type !== 'CommentAdded')
      throw new Error(`comment on ${request.params.id} was answered without its event`);

    const commentCount = await commentCountWith(ctx, post, added.data.commentId);
    const db = await ctx.readModels.query<PostsDb>('posts');
    // The read model's row once it has the comment; else the recorded event, with the writer's card from their own stream.
    const { commentId, postId, authorId, content, createdAt } = added.data;
    const comment: Comment = (await commentById(db, commentId)) ?? {
      id: commentId,
      postId,
      authorId,
      content,
      createdAt,
      user: await writerCard(ctx.store, authorId),
    };
    return replyWithPosition(reply, result.position, { comment, commentCount }, 201);
  },
});

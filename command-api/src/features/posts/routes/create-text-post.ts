import { textPostBody, textPostResponse } from '@myworld/schemas';
import { newAggregateId } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { postsRoute } from '../context.ts';
import { runPostCommand } from '@myworld/write-model/posts';
import { processedPhoto } from '../processed-photo.ts';

/** Publishes a text post (300 characters at most), optionally with one processed photo of the author's. */
export const createTextPost = postsRoute({
  method: 'POST',
  url: '/api/text-posts',
  summary: 'Publish a text post',
  description:
    '400 "Content required" with neither text nor photo; the photo must be the author\'s own image (10 MB at most); 409 while it is still processing.',
  config: { auth: 'user', command: 'CreateTextPost', limit: 'posts' },
  schema: { body: textPostBody, response: { 201: withPosition(textPostResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const context = commandContext(request, userId);
    // A retry with the same Idempotency-Key names the same post.
    const postId = newAggregateId(context, userId, 'text-post');
    const { content, backgroundColor, textColor, fontStyle, imageUrl } = request.body;
    const image = imageUrl ? await processedPhoto(ctx, { ownerId: userId, address: imageUrl, context }) : null;
    const result = await runPostCommand(
      ctx.store,
      postId,
      {
        type: 'CreateTextPost',
        postId,
        authorId: userId,
        content,
        backgroundColor,
        textColor,
        fontStyle,
        image,
        now: new Date(),
      },
      context,
    );
    // A retry under the same key answers from the stored event, so the post is always the recorded one.
    const created = result.events.find((e) => e.type === 'TextPostCreated');
    if (created?.type !== 'TextPostCreated') throw new Error(`text post ${postId} was answered without its event`);
    const { postId: id, authorId, createdAt, imageMediaId: _mediaId, ...look } = created.data;
    const post = { id, authorId, ...look, createdAt };
    return replyWithPosition(reply, result.position, { post }, 201);
  },
});

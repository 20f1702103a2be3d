import { postAuthor, type PostsDb } from '@myworld/projections';
import { videoPostBody, videoPostResponse } from '@myworld/schemas';
import { newAggregateId } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { attachUpload } from '../../media/attach-upload.ts';
import { loadMedia } from '@myworld/write-model/media';
import { postsRoute } from '../context.ts';
import { runPostCommand } from '@myworld/write-model/posts';
import { submittedVideoItem } from '../submitted-video-item.ts';

/**
 * Submits a short video: the author's own upload, checked to be a video (attached as media with
 * purpose `video`), with a description and a discover category. It appears in feeds once processing
 * has produced the MP4 and the poster; until then the answer and GET /api/posts/{id} say `processing`.
 * A video saved from the video editor also carries the effects list it was rendered with.
 */
export const createVideoPost = postsRoute({
  method: 'POST',
  url: '/api/videos',
  summary: 'Publish a short video',
  description:
    "videoUrl is an upload address or objectPath of the caller's own video (500 MB at most); it appears once processed, and a failed processing is shown to the author with the reason.",
  config: { auth: 'user', command: 'SubmitVideoPost', limit: 'videos' },
  schema: { body: videoPostBody, response: { 201: withPosition(videoPostResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const context = commandContext(request, userId);
    const postId = newAggregateId(context, userId, 'video-post');
    const { videoUrl, description, category, effects } = request.body;
    const { mediaId } = await attachUpload(ctx, {
      ownerId: userId,
      address: videoUrl,
      purpose: 'video',
      field: 'videoUrl',
      context,
    });
    const result = await runPostCommand(
      ctx.store,
      postId,
      { type: 'SubmitVideoPost', postId, authorId: userId, mediaId, description, category, effects, now: new Date() },
      context,
    );
    const submitted = result.events.find((e) => e.type === 'VideoPostSubmitted');
    if (submitted?.type !== 'VideoPostSubmitted')
      throw new Error(`video post ${postId} was answered without its event`);
    const [media, author] = await Promise.all([
      loadMedia(ctx.store, submitted.data.mediaId),
      postAuthor(await ctx.readModels.query<PostsDb>('posts'), userId),
    ]);
    return replyWithPosition(reply, result.position, { post: submittedVideoItem(submitted.data, media, author) }, 201);
  },
});

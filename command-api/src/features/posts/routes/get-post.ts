import { postItemById, type PostsDb } from '@myworld/projections';
import { POST_MESSAGES, postIdParam, postItem } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { postsRoute } from '../context.ts';

/** One post as the caller may see it (a processing or failed video only for its author, with why). */
export const getPost = postsRoute({
  method: 'GET',
  url: '/api/posts/:id',
  summary: 'Read one post',
  description: 'The detail pages /video/{id} and /post/{id}; 404 "Post not found" for a deleted or unknown post.',
  config: { auth: 'visitor', readModel: 'posts' },
  schema: { params: postIdParam, response: { 200: postItem } },
  handler: async ({ request, ctx, userId }) => {
    const item = await postItemById(await ctx.readModels.query<PostsDb>('posts'), request.params.id, userId);
    if (!item) throw new DomainError('not_found', POST_MESSAGES.notFound, 404);
    return item;
  },
});

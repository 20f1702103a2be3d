import {
  hashtagPostKeys,
  hashtagSummary,
  hydratePostItems,
  postRowsByIds,
  type PostsDb,
  type SearchDb,
} from '@myworld/projections';
import { SEARCH_MESSAGES, SEARCH_PAGE_SIZE, feedResponse, hashtagParams, hashtagPostsQuery } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { decodePageCursor, setNextCursor, splitPage } from '../../../platform/http/page-cursor.ts';
import { searchRoute } from '../context.ts';

/**
 * A hashtag page's posts as feed items, newest first, paged by X-Next-Cursor. Which posts use the
 * tag comes from the search read model; the items themselves from the posts read model (as the
 * feed shows them), so a post deleted meanwhile is left out by either.
 */
export const hashtagPosts = searchRoute({
  method: 'GET',
  url: '/api/hashtags/:tag/posts',
  summary: 'Read the posts of a hashtag, newest first',
  config: { auth: 'visitor', readModel: ['search', 'posts'] },
  schema: { params: hashtagParams, querystring: hashtagPostsQuery, response: { 200: feedResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const before = decodePageCursor(request.query.cursor);
    const { tag } = request.params;
    const [search, posts] = await Promise.all([
      ctx.readModels.query<SearchDb>('search'),
      ctx.readModels.query<PostsDb>('posts'),
    ]);
    if (!(await hashtagSummary(search, tag)))
      throw new DomainError('not_found', SEARCH_MESSAGES.hashtagNotFound, 404, 'tag');
    const keys = await hashtagPostKeys(search, tag, { ...(before ? { before } : {}), limit: SEARCH_PAGE_SIZE + 1 });
    const { page, next } = splitPage(keys, SEARCH_PAGE_SIZE, (k) => k);
    setNextCursor(reply, next);
    return hydratePostItems(
      posts,
      await postRowsByIds(
        posts,
        page.map((k) => k.id),
      ),
      userId,
    );
  },
});

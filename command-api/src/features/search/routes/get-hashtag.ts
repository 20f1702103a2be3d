import { hashtagSummary, type SearchDb } from '@myworld/projections';
import { SEARCH_MESSAGES, hashtagParams, hashtagSummary as hashtagSummaryBody } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { searchRoute } from '../context.ts';

/** A hashtag page's header: the tag and how many published posts use it; 404 when none does. */
export const getHashtag = searchRoute({
  method: 'GET',
  url: '/api/hashtags/:tag',
  summary: 'Read a hashtag (name and use count)',
  config: { auth: 'visitor', readModel: 'search' },
  schema: { params: hashtagParams, response: { 200: hashtagSummaryBody } },
  handler: async ({ request, ctx }) => {
    const found = await hashtagSummary(await ctx.readModels.query<SearchDb>('search'), request.params.tag);
    if (!found) throw new DomainError('not_found', SEARCH_MESSAGES.hashtagNotFound, 404, 'tag');
    return found;
  },
});

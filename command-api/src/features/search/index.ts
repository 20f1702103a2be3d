import { defineFeature } from '../../platform/feature.ts';
import { hashtagPreviews } from './pages/hashtag-preview.ts';
import { getHashtag } from './routes/get-hashtag.ts';
import { hashtagPosts } from './routes/hashtag-posts.ts';
import { searchByPath } from './routes/search-by-path.ts';
import { search as searchRoute } from './routes/search.ts';

/** Search (users, videos, text posts, hashtags) and the hashtag pages (with their link previews), read from the search read model. */
export const search = defineFeature({
  name: 'search',
  routes: [searchRoute, searchByPath, getHashtag, hashtagPosts],
  pages: hashtagPreviews,
});

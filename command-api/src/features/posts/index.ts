import { defineFeature } from '../../platform/feature.ts';
import { createTextPost } from './routes/create-text-post.ts';
import { deletePost } from './routes/delete-post.ts';

/** Posts: text posts (with an optional processed photo) and deleting one's own posts; videos come next. */
export const posts = defineFeature({
  name: 'posts',
  routes: [createTextPost, deletePost],
});

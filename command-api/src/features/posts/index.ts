import { defineFeature } from '../../platform/feature.ts';
import { createTextPost } from './routes/create-text-post.ts';
import { createVideoPost } from './routes/create-video-post.ts';
import { deletePost } from './routes/delete-post.ts';
import { getPost } from './routes/get-post.ts';

/** Posts: text posts (with an optional processed photo), short videos, reading one, deleting one's own. */
export const posts = defineFeature({
  name: 'posts',
  routes: [createTextPost, createVideoPost, getPost, deletePost],
});

import { defineFeature } from '../../platform/feature.ts';
import { createTextPost } from './routes/create-text-post.ts';
import { createVideoPost } from './routes/create-video-post.ts';
import { deletePost } from './routes/delete-post.ts';
import { getPost } from './routes/get-post.ts';
import { postPreviews } from './pages/post-preview.ts';

/** Posts: text posts (with an optional processed photo), short videos, reading one, deleting one's own, and their link previews. */
export const posts = defineFeature({
  name: 'posts',
  routes: [createTextPost, createVideoPost, getPost, deletePost],
  pages: postPreviews,
});

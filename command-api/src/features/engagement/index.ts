import { defineFeature } from '../../platform/feature.ts';
import { addComment } from './routes/add-comment.ts';
import { deleteComment } from './routes/delete-comment.ts';
import { likePost } from './routes/like-post.ts';
import { listComments } from './routes/list-comments.ts';
import { recordInteraction } from './routes/record-interaction.ts';
import { sharePost } from './routes/share-post.ts';
import { unlikePost } from './routes/unlike-post.ts';

/**
 * Engagement: likes, comments, shares and views of posts, each decision on its own small stream;
 * the counts, comment lists and who-likes-what live in the `posts` read model.
 */
export const engagement = defineFeature({
  name: 'engagement',
  routes: [likePost, unlikePost, listComments, addComment, deleteComment, sharePost, recordInteraction],
});

/** Every user-facing text of posts, each defined once (the spec's toasts and the server's refusals). */
export const POST_MESSAGES = {
  contentRequired: 'Content required',
  contentRequiredDescription: 'Please enter some text or upload a photo for your post.',
  createFailed: 'Failed to create post',
  created: 'Post created!',
  createdDescription: 'Your post has been shared successfully.',
  notFound: 'Post not found',
  notAuthor: 'Only its author can delete this post',
  photoNotReady: 'The photo is still being processed; try again in a moment',
  photoFailed: 'The photo could not be processed; upload another one',
} as const;

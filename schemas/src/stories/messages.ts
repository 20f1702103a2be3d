/**
 * Every user-facing text of stories, each defined once. Words another feature already defines are
 * used from there: a text story without text is "Content required" (POST_MESSAGES.contentRequired),
 * and a failed creation's toast title is "Error" (LIVE_STREAM_MESSAGES.endFailedTitle).
 */
export const STORY_MESSAGES = {
  modalTitle: 'Create Your Story',
  textRequiredDescription: 'Please add some text to your story.',
  mediaRequired: 'Media required',
  imageRequiredDescription: 'Please select an image for your story.',
  videoRequiredDescription: 'Please select a video for your story.',
  created: 'Story created!',
  createdDescription: 'Your story has been shared and will expire in 24 hours.',
  failedDefault: 'Failed to create story',
  notFound: 'Story not found',
  viewersAuthorOnly: 'Only its author can see who viewed this story',
} as const;

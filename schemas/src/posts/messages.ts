import { VIDEO_DESCRIPTION_MAX } from './rules.ts';

/** Every user-facing text of posts, each defined once (the client's toasts and the server's refusals). */
export const POST_MESSAGES = {
  contentRequired: 'Content required',
  contentRequiredDescription: 'Please enter some text or upload a photo for your post.',
  createFailed: 'Failed to create post',
  created: 'Post created!',
  createdDescription: 'Your post has been shared successfully.',
  photoUploaded: 'Photo uploaded!',
  photoUploadedDescription: 'Your photo has been added to the post.',
  notFound: 'Post not found',
  notAuthor: 'Only its author can delete this post',
  photoNotReady: 'The photo is still being processed; try again in a moment',
  photoFailed: 'The photo could not be processed; upload another one',
  videoRequired: 'Choose a video to upload',
  descriptionTooLong: `A description is at most ${VIDEO_DESCRIPTION_MAX} characters`,
  videoHint: 'Select a video under 60 seconds',
  videoUploaded: 'Video uploaded!',
  videoProcessing: 'Your video is being processed. It appears in the feed once it is ready.',
  videoPublished: 'Your video is live!',
  videoFailed: 'Your video could not be processed',
} as const;

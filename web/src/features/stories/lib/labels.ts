import { STORY_MEDIA_MAX_BYTES } from '@myworld/schemas';

/**
 * The stories UI's own words, beyond the shared texts (those come from STORY_MESSAGES and the
 * shared catalogues in @myworld/schemas).
 */
const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

export const STORY_LABELS = {
  addStory: 'Your story',
  addStoryAria: 'Add to your story',
  tabs: { text: 'Text', image: 'Photo', video: 'Video' },
  textPlaceholder: "What's on your mind?",
  caption: 'Caption',
  captionPlaceholder: 'Add a caption (optional)',
  background: 'Background Color',
  chooseImage: 'Choose a photo',
  chooseVideo: 'Choose a video',
  imageHint: `Images up to ${megabytes(STORY_MEDIA_MAX_BYTES.image)}`,
  videoHint: `Videos up to ${megabytes(STORY_MEDIA_MAX_BYTES.video)}`,
  fileTooLarge: 'File too large',
  imageTooLarge: `A photo for a story can be at most ${megabytes(STORY_MEDIA_MAX_BYTES.image)}.`,
  videoTooLarge: `A video for a story can be at most ${megabytes(STORY_MEDIA_MAX_BYTES.video)}.`,
  wrongFileType: 'Unsupported file',
  imageOnly: 'Please choose an image file.',
  videoOnly: 'Please choose a video file.',
  share: 'Share Story',
  sharing: 'Sharing...',
  previous: 'Previous story',
  next: 'Next story',
  close: 'Close story',
  viewers: 'Who viewed',
  noViewers: 'No views yet',
  viewersFailed: 'Could not load the viewers.',
} as const;

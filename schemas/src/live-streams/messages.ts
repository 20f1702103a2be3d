/** Every user-facing text of live streams, each defined once: the setup form, the stream page, chat and media refusals. */
export const LIVE_STREAM_MESSAGES = {
  titleRequiredTitle: 'Title Required',
  titleRequired: 'Please enter a title for your live stream',
  cameraRequiredTitle: 'Camera Required',
  cameraRequired: 'Please enable your camera before starting the stream',
  startFailedTitle: 'Failed to Start Stream',
  endFailedTitle: 'Error',
  endFailed: 'Failed to end stream. Please try again.',
  live: "You're Live!",
  ended: 'Stream Ended',
  endedDescription: 'This live stream has ended.',
  ownStreamEndedDescription: 'Your live stream has ended.',
  chatEmpty: 'Please enter a message',
  chatTooLong: 'Chat messages are at most 500 characters',
  chatSignInRequired: 'Please sign in to chat.',
  notFound: 'This live stream does not exist',
  alreadyEnded: 'This live stream has already ended',
  notOwner: 'Only the streamer can end this live stream',
  notStreamer: 'Only the streamer can broadcast',
  mediaUnavailable: 'Live media is unavailable right now. Please try again.',
  /** A socket asked for more media transports or tracks than one page needs. */
  mediaLimitExceeded: 'Too many media connections from this page. Please reload it and try again.',
  /** A user sent more chat messages than WS_MAX_CHAT_PER_10S allows. */
  chatRateLimited: 'You are sending messages too fast. Please wait a moment.',
  /** A webrtc_* relay whose target is not in the sender's stream. */
  relayTargetNotInStream: 'That user is not in this live stream',
} as const;

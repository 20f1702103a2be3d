import { describe, expect, it } from 'vitest';
import { LIVE_STREAM_MESSAGES } from './live-streams/messages.ts';
import { PLATFORM_MESSAGES } from './platform/messages.ts';
import { AUTH_MESSAGES, PROFILE_MESSAGES } from './accounts/messages.ts';
import { FOLLOW_MESSAGES } from './follows/messages.ts';
import { MEDIA_MESSAGES, UPLOADER_MESSAGES } from './media/messages.ts';
import { POST_MESSAGES } from './posts/messages.ts';
import { ENGAGEMENT_MESSAGES } from './engagement/messages.ts';
import { PROFILE_PAGE_MESSAGES } from './profiles/messages.ts';
import { STORY_MESSAGES } from './stories/messages.ts';
import { DIRECT_MESSAGE_MESSAGES } from './messages/messages.ts';
import { GIFT_MESSAGES } from './gifts/messages.ts';

describe('user-facing texts', () => {
  it('are each defined once across the features and the platform', () => {
    const texts = [
      PLATFORM_MESSAGES,
      AUTH_MESSAGES,
      PROFILE_MESSAGES,
      LIVE_STREAM_MESSAGES,
      MEDIA_MESSAGES,
      UPLOADER_MESSAGES,
      FOLLOW_MESSAGES,
      POST_MESSAGES,
      ENGAGEMENT_MESSAGES,
      PROFILE_PAGE_MESSAGES,
      STORY_MESSAGES,
      DIRECT_MESSAGE_MESSAGES,
      GIFT_MESSAGES,
    ].flatMap((messages) => Object.values(messages));
    const repeated = texts.filter((text, i) => texts.indexOf(text) !== i);
    expect(repeated).toEqual([]);
  });
});

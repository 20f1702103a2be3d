import { describe, it } from 'vitest';
import { POST_MESSAGES, STORY_MESSAGES } from '@myworld/schemas';
import { deciderSpec } from '../commands/decider-testing.ts';
import { storyDecider, type StoryCommand } from './story.decider.ts';
import type { StoryStreamEvent } from './story.state.ts';

const now = new Date('2026-11-23T10:00:00.000Z');
const inADay = '2026-11-24T10:00:00.000Z';
const spec = deciderSpec(storyDecider);
const media = { mediaId: 'm1', url: '/objects/uploads/ada/s1' };

const create = (over: Partial<Extract<StoryCommand, { type: 'CreateStory' }>> = {}): StoryCommand => ({
  type: 'CreateStory',
  storyId: 's1',
  authorId: 'ada',
  mediaType: 'text',
  content: 'Hello',
  backgroundColor: '#000000',
  media: null,
  ttlSeconds: 24 * 3600,
  now,
  ...over,
});
const created = (
  over: Partial<Extract<StoryStreamEvent, { type: 'StoryCreated' }>['data']> = {},
): StoryStreamEvent => ({
  type: 'StoryCreated',
  data: {
    storyId: 's1',
    authorId: 'ada',
    mediaType: 'text',
    content: 'Hello',
    backgroundColor: '#000000',
    mediaId: null,
    mediaUrl: null,
    createdAt: now.toISOString(),
    expiresAt: inADay,
    ...over,
  },
});
const expired = (at: string): StoryStreamEvent => ({
  type: 'StoryExpired',
  data: { storyId: 's1', authorId: 'ada', mediaId: null, expiredAt: at },
});

describe('story decider (story-{id})', () => {
  it('given nothing, when a text story is created, then StoryCreated expiring after the TTL, its text trimmed', () => {
    spec
      .given()
      .when(create({ content: '  Hello  ' }))
      .then([created()]);
    spec
      .given()
      .when(create({ ttlSeconds: 2 }))
      .then([created({ expiresAt: '2026-11-23T10:00:02.000Z' })]);
  });

  it('an image or video story carries its media object and original; a caption may be empty', () => {
    spec
      .given()
      .when(create({ mediaType: 'image', content: '', media }))
      .then([created({ mediaType: 'image', content: '', mediaId: 'm1', mediaUrl: media.url })]);
    spec
      .given()
      .when(create({ mediaType: 'video', content: 'Caption', media }))
      .then([created({ mediaType: 'video', content: 'Caption', mediaId: 'm1', mediaUrl: media.url })]);
  });

  it('a text story without text is refused "Content required" naming content; media given to a text story is ignored', () => {
    spec
      .given()
      .when(create({ content: '   ' }))
      .thenRefuses({ code: 'content_required', status: 400, field: 'content', message: POST_MESSAGES.contentRequired });
    spec.given().when(create({ media })).then([created()]);
  });

  it('an image or video story without a file is refused "Media required" naming media', () => {
    for (const mediaType of ['image', 'video'] as const) {
      spec
        .given()
        .when(create({ mediaType, media: null }))
        .thenRefuses({ code: 'media_required', status: 400, field: 'media', message: STORY_MESSAGES.mediaRequired });
    }
  });

  it('a story is created once (409 for the same id again)', () => {
    spec.given(created()).when(create()).thenRefuses({ code: 'story_exists', status: 409 });
  });

  it('expires once its time is up, carrying its media for the clean-up; a rerun records nothing', () => {
    const withMedia = created({ mediaType: 'image', mediaId: 'm1', mediaUrl: media.url });
    spec
      .given(withMedia)
      .when({ type: 'ExpireStory', now: new Date(inADay) })
      .then([{ type: 'StoryExpired', data: { storyId: 's1', authorId: 'ada', mediaId: 'm1', expiredAt: inADay } }]);
    spec
      .given(created(), expired(inADay))
      .when({ type: 'ExpireStory', now: new Date('2026-11-24T11:00:00.000Z') })
      .then([]);
  });

  it('refuses to expire before its time (409) or an unknown story (404)', () => {
    spec
      .given(created())
      .when({ type: 'ExpireStory', now: new Date('2026-11-24T09:59:59.999Z') })
      .thenRefuses({ code: 'not_expired', status: 409 });
    spec
      .given()
      .when({ type: 'ExpireStory', now })
      .thenRefuses({ code: 'not_found', status: 404, message: STORY_MESSAGES.notFound });
  });
});

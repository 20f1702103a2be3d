import { describe, it } from 'vitest';
import type { PostEvent } from '@myworld/schemas';
import { deciderSpec } from '../commands/decider-testing.ts';
import { postDecider, type PostCommand } from './post.decider.ts';

const POST = '0b6f2d3e-8f6a-4c1d-9a51-7e2f3c4d5e6f';
const now = new Date('2026-11-23T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(postDecider);

const create = (overrides: Partial<Extract<PostCommand, { type: 'CreateTextPost' }>> = {}): PostCommand => ({
  type: 'CreateTextPost',
  postId: POST,
  authorId: 'ada',
  content: '  Hello world  ',
  backgroundColor: '#000000',
  textColor: '#ffffff',
  fontStyle: 'bold',
  image: null,
  now,
  ...overrides,
});
const created: PostEvent = {
  type: 'TextPostCreated',
  data: {
    postId: POST,
    authorId: 'ada',
    content: 'Hello world',
    backgroundColor: '#000000',
    textColor: '#ffffff',
    fontStyle: 'bold',
    imageUrl: null,
    imageMediaId: null,
    createdAt: at,
  },
};
const deleted: PostEvent = { type: 'PostDeleted', data: { postId: POST, authorId: 'ada', deletedAt: at } };

describe('post decider', () => {
  it('given nothing, when a text post is created, then TextPostCreated with the trimmed content', () => {
    spec.given().when(create()).then([created]);
  });

  it('a photo alone is enough; neither text nor photo is refused with "Content required" (400 naming content)', () => {
    spec
      .given()
      .when(create({ content: '', image: { url: '/objects/media/m1/display.webp', mediaId: 'm1' } }))
      .then([
        {
          type: 'TextPostCreated',
          data: { ...created.data, content: '', imageUrl: '/objects/media/m1/display.webp', imageMediaId: 'm1' },
        } as PostEvent,
      ]);
    spec
      .given()
      .when(create({ content: '   ' }))
      .thenRefuses({ status: 400, code: 'content_required', field: 'content', message: 'Content required' });
  });

  it('its author deletes it; anyone else gets 403; a deleted or unknown post is 404', () => {
    spec.given(created).when({ type: 'DeletePost', userId: 'ada', now }).then([deleted]);
    spec
      .given(created)
      .when({ type: 'DeletePost', userId: 'bob', now })
      .thenRefuses({ status: 403, code: 'forbidden' });
    spec.given(created, deleted).when({ type: 'DeletePost', userId: 'ada', now }).thenRefuses({ status: 404 });
    spec.given().when({ type: 'DeletePost', userId: 'ada', now }).thenRefuses({ status: 404 });
  });
});

describe('post decider: videos', () => {
  const submit: PostCommand = {
    type: 'SubmitVideoPost',
    postId: POST,
    authorId: 'ada',
    mediaId: 'm9',
    description: '  My dance  ',
    category: 'music',
    now,
  };
  const submitted: PostEvent = {
    type: 'VideoPostSubmitted',
    data: { postId: POST, authorId: 'ada', mediaId: 'm9', description: 'My dance', category: 'music', createdAt: at },
  };

  it('given nothing, when a video is submitted, then VideoPostSubmitted naming its media with the trimmed description', () => {
    spec.given().when(submit).then([submitted]);
  });

  it('a video from the editor keeps the effects list it was rendered with', () => {
    const effects = [
      { type: 'filter', id: 'vintage' },
      { type: 'sticker', id: 's1', emoji: '⭐', x: 0.5, y: 0.4, size: 48, rotation: 0 },
    ] as const;
    spec
      .given()
      .when({ ...submit, effects: [...effects] })
      .then([{ type: 'VideoPostSubmitted', data: { ...submitted.data, effects: [...effects] } } as PostEvent]);
  });

  it('the same post id twice is refused (409); its author deletes it, anyone else gets 403', () => {
    spec.given(submitted).when(submit).thenRefuses({ status: 409, code: 'post_exists' });
    spec.given(submitted).when({ type: 'DeletePost', userId: 'bob', now }).thenRefuses({ status: 403 });
    spec.given(submitted).when({ type: 'DeletePost', userId: 'ada', now }).then([deleted]);
  });
});

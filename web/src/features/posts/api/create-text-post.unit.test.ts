import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { createTextPost, PHOTO_RETRIES, PHOTO_RETRY_MS } from './create-text-post.ts';

afterEach(() => vi.unstubAllGlobals());

const body = { content: '', imageUrl: '/objects/uploads/u1/pic.png', userId: '' };
const post = {
  id: 'p1',
  authorId: 'u1',
  content: '',
  backgroundColor: '#000000',
  textColor: '#ffffff',
  fontStyle: 'normal',
  imageUrl: '/objects/uploads/u1/pic.1080.webp',
  createdAt: '2026-11-23T10:00:00.000Z',
};
const processing = () =>
  json(409, {
    error: 'photo_processing',
    field: 'imageUrl',
    message: 'The photo is still being processed; try again in a moment',
  });

describe('createTextPost', () => {
  it('sends the same body again after a 409 (photo still processing) until it is created', async () => {
    let calls = 0;
    const fetch = stubFetch(() => (++calls < 3 ? processing() : json(201, { post })));
    const waits: number[] = [];
    await expect(createTextPost(body, async (ms) => void waits.push(ms))).resolves.toEqual(post);
    expect(waits).toEqual([PHOTO_RETRY_MS, PHOTO_RETRY_MS]);
    expect(fetch.mock.calls.map(([, init]) => init?.body)).toEqual(Array(3).fill(JSON.stringify(body)));
  });

  it('gives up after a bounded number of retries, and never retries any other refusal', async () => {
    const fetch = stubFetch(processing);
    await expect(createTextPost(body, async () => {})).rejects.toThrow('409: ');
    expect(fetch).toHaveBeenCalledTimes(PHOTO_RETRIES + 1);

    const refused = stubFetch(() =>
      json(400, { error: 'content_required', field: 'content', message: 'Content required' }),
    );
    await expect(createTextPost(body, async () => {})).rejects.toThrow('Content required');
    expect(refused).toHaveBeenCalledTimes(1);
  });
});

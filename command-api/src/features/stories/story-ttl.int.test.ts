import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storiesProjection } from '@myworld/projections';
import { STORY_MESSAGES, storyStreamName, type Story } from '@myworld/schemas';
import { startHarness, type Harness } from '../../testing/index.ts';
import { storyFormBody } from './stories.testing.ts';

describe("a story's time is up: it vanishes from every read at its TTL, even with no workers to record the expiry", () => {
  let h: Harness;
  beforeAll(async () => {
    // No workers: nothing appends StoryExpired, so only the reads' own filter hides the story.
    h = await startHarness({ label: 'story_ttl', projections: [storiesProjection], env: { STORY_TTL_SECONDS: '2' } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('is listed, viewable and its viewers readable until expiresAt (creation + STORY_TTL_SECONDS), then 404 and gone from the list', async () => {
    const ada = h.client({ cookie: (await h.api.signedInUser(`ada_${Date.now()}`)).cookie });
    const bob = h.client({ cookie: (await h.api.signedInUser(`bob_${Date.now()}`)).cookie });
    const { payload, headers } = await storyFormBody({ mediaType: 'text', content: 'Gone soon' });
    const created = await ada.post('/api/stories', payload, headers);
    expect(created.statusCode).toBe(201);
    const story = created.json().story as Story;
    expect(Date.parse(story.expiresAt) - Date.parse(story.createdAt)).toBe(2_000);

    expect((await ada.get('/api/stories')).json().map((s: Story) => s.id)).toEqual([story.id]);
    expect((await bob.post(`/api/stories/${story.id}/view`)).json()).toMatchObject({ counted: true });
    expect((await ada.get(`/api/stories/${story.id}/viewers`)).statusCode).toBe(200);

    await sleep(Math.max(0, Date.parse(story.expiresAt) - Date.now()) + 50);
    expect((await ada.get('/api/stories')).json()).toEqual([]);
    expect((await bob.post(`/api/stories/${story.id}/view`)).json()).toMatchObject({
      error: 'not_found',
      message: STORY_MESSAGES.notFound,
    });
    expect((await ada.get(`/api/stories/${story.id}/viewers`)).statusCode).toBe(404);
    // Nothing recorded the expiry: the story's stream still ends with its creation.
    expect((await h.store.readStream(storyStreamName(story.id))).map((e) => e.type)).toEqual(['StoryCreated']);
  });
});

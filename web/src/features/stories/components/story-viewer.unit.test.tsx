import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';
import { forgetSeenStories } from '../lib/seen-stories.ts';
import { forgetViewReports } from '../lib/view-reports.ts';
import { minutesAgo, storyId, testStory } from '../testing/story-fixtures.ts';
import { callsTo, storiesApi } from '../testing/stories-api.ts';
import { StoriesStrip } from './stories-strip.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  appToasts.dismiss();
  forgetLastPosition();
  forgetViewReports();
  forgetSeenStories();
});

const ava = { username: 'ava', firstName: 'Ava', profileImageUrl: null };
const me = { username: 'jane_doe', firstName: 'Jane', profileImageUrl: null };
// Sam (u2): a text story, then a video; Ava (u3): one text story, older, so her entry comes second.
const samText = testStory({
  id: storyId(1),
  userId: 'u2',
  content: 'Morning!',
  backgroundColor: '#7c3aed',
  viewCount: 3,
  createdAt: minutesAgo(20),
});
const samVideo = testStory({
  id: storyId(2),
  userId: 'u2',
  mediaType: 'video',
  content: 'Waves',
  mediaUrl: '/objects/stories/waves.mp4',
  createdAt: minutesAgo(10),
});
const avaText = testStory({
  id: storyId(3),
  userId: 'u3',
  user: ava,
  content: 'Hi from Ava',
  createdAt: minutesAgo(90),
});
const mine = testStory({
  id: storyId(4),
  userId: 'u1',
  user: me,
  content: 'My day',
  viewCount: 2,
  createdAt: minutesAgo(5),
});

/** Renders the strip, waits for its entries, then opens `userId`'s entry with the clock under the test's control. */
async function openEntry(userId: string, stories = [samText, samVideo, avaText]) {
  const fetch = storiesApi({
    stories: () => stories,
    viewers: [{ userId: 'u2', username: 'sam', firstName: 'Sam', profileImageUrl: null, viewedAt: minutesAgo(1) }],
  });
  renderWithApp(<StoriesStrip />);
  const entries = await screen.findAllByTestId('story-entry');
  vi.useFakeTimers();
  fireEvent.click(entries.find((e) => e.dataset.userId === userId)!);
  return fetch;
}

const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const shown = () => screen.queryByTestId('story-viewer')?.dataset.storyId ?? null;
const segments = () => screen.getAllByTestId('story-progress-segment').map((s) => s.dataset.state);
const activeProgress = () =>
  screen.getAllByTestId('story-progress-segment').find((s) => s.dataset.state === 'active')?.dataset.progress;
const remaining = () => screen.getByTestId('story-remaining').textContent;
const stage = () => screen.getByTestId('story-viewer').firstElementChild!;

describe('the story viewer', () => {
  it('shows a text or image story for 5 s and a video for 15 s, plays on into the next author, and closes after the last', async () => {
    await openEntry('u2');
    expect(shown()).toBe(samText.id);
    expect(screen.getByText('Morning!')).toBeTruthy();
    expect(screen.getByTestId('story-media').style.backgroundColor).toBe('#7c3aed');
    expect(segments()).toEqual(['active', 'pending']);
    expect(activeProgress()).toBe('0');
    expect(remaining()).toBe('5s');

    tick(2500);
    expect(activeProgress()).toBe('50');
    expect(remaining()).toBe('3s');
    tick(2400);
    expect(shown()).toBe(samText.id);
    tick(100);
    expect(shown()).toBe(samVideo.id);
    // The progress starts over on each story.
    expect(segments()).toEqual(['done', 'active']);
    expect(activeProgress()).toBe('0');
    expect(remaining()).toBe('15s');
    const video = screen.getByTestId('story-video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.getAttribute('src')).toBe('/objects/stories/waves.mp4');

    tick(14_900);
    expect(shown()).toBe(samVideo.id);
    tick(100);
    expect(shown()).toBe(avaText.id);
    expect(segments()).toEqual(['active']);
    expect(screen.getByRole('dialog', { name: "Ava's story" })).toBeTruthy();

    tick(5000);
    expect(shown()).toBeNull();
  });

  it('pauses while a mouse moves over it (not on a touch, not when it opens under a still mouse) and goes on from where it was', async () => {
    await openEntry('u2');
    // Opened under a mouse that has not moved: Chromium says "enter", and it must keep running.
    fireEvent.pointerEnter(stage(), { pointerType: 'mouse' });
    tick(2000);
    expect(activeProgress()).toBe('40');
    fireEvent.pointerMove(stage(), { pointerType: 'mouse' });
    tick(10_000);
    expect(shown()).toBe(samText.id);
    expect(activeProgress()).toBe('40');
    expect(remaining()).toBe('3s');
    fireEvent.pointerLeave(stage(), { pointerType: 'mouse' });
    tick(2900);
    expect(shown()).toBe(samText.id);
    tick(100);
    expect(shown()).toBe(samVideo.id);

    // A tap "enters" and moves without ever leaving: it must not stop the story.
    fireEvent.pointerEnter(stage(), { pointerType: 'touch' });
    fireEvent.pointerMove(stage(), { pointerType: 'touch' });
    tick(15_000);
    expect(shown()).toBe(avaText.id);
  });

  it('hides previous on the first story and next on the last; the buttons and the halves move back and forward', async () => {
    await openEntry('u2');
    expect(screen.queryByTestId('story-prev')).toBeNull();
    expect(screen.getByTestId('story-next')).toBeTruthy();
    fireEvent.click(screen.getByTestId('story-left-half')); // nothing before the first
    expect(shown()).toBe(samText.id);

    fireEvent.click(screen.getByTestId('story-right-half'));
    expect(shown()).toBe(samVideo.id);
    expect(screen.getByTestId('story-prev')).toBeTruthy();
    fireEvent.click(screen.getByTestId('story-left-half'));
    expect(shown()).toBe(samText.id);

    fireEvent.click(screen.getByTestId('story-next'));
    fireEvent.click(screen.getByTestId('story-next'));
    expect(shown()).toBe(avaText.id);
    expect(screen.queryByTestId('story-next')).toBeNull();
    fireEvent.click(screen.getByTestId('story-prev'));
    expect(shown()).toBe(samVideo.id);
    // Moving by hand starts the story's time over.
    tick(14_900);
    expect(shown()).toBe(samVideo.id);

    fireEvent.click(screen.getByTestId('story-right-half'));
    fireEvent.click(screen.getByTestId('story-right-half')); // forward from the last closes
    expect(shown()).toBeNull();
  });

  it('reports each story as viewed when it is shown, once per story, and counts a new view at once', async () => {
    const fetch = await openEntry('u2');
    const reported = () => callsTo(fetch, 'POST', /\/view$/).map(([u]) => u);
    expect(reported()).toEqual([`/api/stories/${samText.id}/view`]);
    expect(screen.getByTestId('story-view-count').textContent).toBe('3');
    await act(() => vi.advanceTimersByTimeAsync(0)); // the answer { counted: true } arrives
    expect(screen.getByTestId('story-view-count').textContent).toBe('4');

    fireEvent.click(screen.getByTestId('story-next'));
    fireEvent.click(screen.getByTestId('story-prev'));
    expect(reported()).toEqual([`/api/stories/${samText.id}/view`, `/api/stories/${samVideo.id}/view`]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByTestId('story-close'));
    expect(shown()).toBeNull();
    expect(screen.getAllByTestId('story-entry-views')[0]!.textContent).toBe('5');
  });

  it("lets the author see who viewed their own story, pausing meanwhile; others' stories show the count only", async () => {
    const fetch = await openEntry('u1', [mine, samText]);
    expect(shown()).toBe(mine.id);
    expect(screen.queryByTestId('story-viewers-list')).toBeNull();
    fireEvent.click(screen.getByTestId('story-viewers-button'));
    expect(callsTo(fetch, 'GET', `/api/stories/${mine.id}/viewers`)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const list = screen.getByTestId('story-viewers-list');
    expect(list.textContent).toContain('Sam');
    expect(list.textContent).toContain('1 minute ago');
    tick(10_000);
    expect(shown()).toBe(mine.id); // paused while the list is open
    fireEvent.click(screen.getByTestId('story-viewers-button'));
    expect(screen.queryByTestId('story-viewers-list')).toBeNull();
    tick(5000);
    expect(shown()).toBe(samText.id);
    expect(screen.queryByTestId('story-viewers-button')).toBeNull();
    expect(screen.getByTestId('story-view-count').textContent).toBe('3');
  });

  it('closes on Escape and on the close button; the arrow keys move', async () => {
    await openEntry('u2');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(shown()).toBe(samVideo.id);
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(shown()).toBe(samText.id);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(shown()).toBeNull();
    fireEvent.click(screen.getAllByTestId('story-entry')[1]!);
    expect(shown()).toBe(avaText.id);
    fireEvent.click(screen.getByTestId('story-close'));
    expect(shown()).toBeNull();
  });
});

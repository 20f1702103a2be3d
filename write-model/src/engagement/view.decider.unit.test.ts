import { describe, it } from 'vitest';
import { deciderSpec } from '../commands/decider-testing.ts';
import { viewDecider, type ViewCommand } from './view.decider.ts';
import type { ViewEvent } from './view.state.ts';

const start = new Date('2026-11-23T10:00:00.000Z');
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
const spec = deciderSpec(viewDecider);
const view = (now: Date): ViewCommand => ({ type: 'ViewPost', postId: 'p1', viewerId: 'bob', authorId: 'ada', now });
const viewed = (at: Date): ViewEvent => ({
  type: 'PostViewed',
  data: { postId: 'p1', viewerId: 'bob', authorId: 'ada', viewedAt: at.toISOString() },
});

describe('view decider (view-{postId}-{viewerId}): once per viewer per post per hour', () => {
  it('given nothing, when bob views the post, then PostViewed at the server time', () => {
    spec
      .given()
      .when(view(start))
      .then([viewed(start)]);
  });

  it('59 minutes after a counted view: not counted', () => {
    spec
      .given(viewed(start))
      .when(view(minutes(59)))
      .then([]);
  });

  it('61 minutes after a counted view: counted (and exactly 60 starts a new window)', () => {
    spec
      .given(viewed(start))
      .when(view(minutes(61)))
      .then([viewed(minutes(61))]);
    spec
      .given(viewed(start))
      .when(view(minutes(60)))
      .then([viewed(minutes(60))]);
  });

  it('the window runs from the last counted view, not from the views that did not count', () => {
    // Viewed at 0 (counted), 59 (not), 61 (counted): at 100 the last counted is 61, so not yet.
    spec
      .given(viewed(start), viewed(minutes(61)))
      .when(view(minutes(100)))
      .then([]);
    spec
      .given(viewed(start), viewed(minutes(61)))
      .when(view(minutes(122)))
      .then([viewed(minutes(122))]);
  });
});

import { describe, it } from 'vitest';
import { deciderSpec } from '../commands/decider-testing.ts';
import { storyViewDecider, type StoryViewCommand } from './story-view.decider.ts';
import type { StoryViewEvent } from './story-view.state.ts';

const now = new Date('2026-11-23T10:00:00.000Z');
const later = new Date('2026-11-23T12:00:00.000Z');
const spec = deciderSpec(storyViewDecider);
const view = (viewerId: string, at = now): StoryViewCommand => ({
  type: 'ViewStory',
  storyId: 's1',
  viewerId,
  authorId: 'ada',
  now: at,
});
const viewed = (viewerId: string, at = now): StoryViewEvent => ({
  type: 'StoryViewed',
  data: { storyId: 's1', viewerId, authorId: 'ada', viewedAt: at.toISOString() },
});

describe('story view decider (storyview-{storyId}-{viewerId}): each viewer once, never the author', () => {
  it("given nothing, when bob views ada's story, then StoryViewed at the server time", () => {
    spec
      .given()
      .when(view('bob'))
      .then([viewed('bob')]);
  });

  it('given bob viewed it, when he views it again (even hours later), then nothing', () => {
    spec.given(viewed('bob')).when(view('bob', later)).then([]);
  });

  it('the author viewing their own story records nothing', () => {
    spec.given().when(view('ada')).then([]);
  });
});

import { describe, it } from 'vitest';
import { deciderSpec } from '../commands/decider-testing.ts';
import { shareDecider, type ShareCommand } from './share.decider.ts';
import type { ShareEvent } from './share.state.ts';

const now = new Date('2026-11-23T10:00:00.000Z');
const spec = deciderSpec(shareDecider);
const share: ShareCommand = { type: 'SharePost', shareId: 's1', postId: 'p1', userId: 'bob', authorId: 'ada', now };
const shared: ShareEvent = {
  type: 'PostShared',
  data: { shareId: 's1', postId: 'p1', userId: 'bob', authorId: 'ada', sharedAt: now.toISOString() },
};

describe('share decider (share-{shareId})', () => {
  it('given nothing, when bob shares, then PostShared; the same share id again records nothing', () => {
    spec.given().when(share).then([shared]);
    spec.given(shared).when(share).then([]);
  });
});

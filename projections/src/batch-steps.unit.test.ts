import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@myworld/eventstore';
import { batchSteps } from './batch-steps.ts';
import type { RunHandler } from './projection.ts';

const event = (type: string, i: number) => ({ id: `${i}`, type }) as unknown as RecordedEvent;
const run = (...types: string[]) => ({ types, apply: async () => undefined }) as unknown as RunHandler<unknown>;

describe('a batch in steps', () => {
  it('gathers consecutive events of one run handler into a run; any other event ends it; a lone one is a run of one', () => {
    const engagement = run('PostLiked', 'PostViewed');
    const follows = run('UserFollowed');
    const types = [
      'PostLiked',
      'PostViewed',
      'PostLiked',
      'UserFollowed',
      'UserFollowed',
      'PostViewed',
      'PostDeleted',
      'PostLiked',
      'PostViewed',
      'UserFollowed',
    ];
    const steps = batchSteps([engagement, follows], types.map(event));
    expect(
      steps.map((s) => [
        s.run === engagement ? 'engagement' : s.run === follows ? 'follows' : 'alone',
        s.events.map((e) => Number(e.id)),
      ]),
    ).toEqual([
      ['engagement', [0, 1, 2]],
      ['follows', [3, 4]],
      ['engagement', [5]],
      ['alone', [6]],
      ['engagement', [7, 8]],
      ['follows', [9]],
    ]);
  });

  it('one by one (a failed run retried), every run is a run of one, by the same run handler', () => {
    const engagement = run('PostLiked', 'PostViewed');
    const steps = batchSteps([engagement], ['PostLiked', 'PostViewed', 'PostDeleted'].map(event), true);
    expect(steps.map((s) => [s.run === engagement, s.events.map((e) => Number(e.id))])).toEqual([
      [true, [0]],
      [true, [1]],
      [false, [2]],
    ]);
  });

  it('without run handlers every event is a step of its own', () => {
    expect(batchSteps([], ['PostLiked', 'PostLiked'].map(event)).map((s) => [s.run, s.events.length])).toEqual([
      [undefined, 1],
      [undefined, 1],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { placeViewer } from './router-placement.ts';

const limits = { routerBudget: 10, workerCapacity: 12 };

describe('placeViewer', () => {
  it('fills the stream’s routers in the order they were opened while they are under budget', () => {
    const routers = [
      { consumers: 9, workerConsumers: 9 },
      { consumers: 2, workerConsumers: 2 },
    ];
    expect(placeViewer(routers, 0, 1, limits)).toEqual({ kind: 'router', index: 0 });
    // Two tracks on air: the first router would pass its budget, the second takes the viewer.
    expect(placeViewer(routers, 0, 2, limits)).toEqual({ kind: 'router', index: 1 });
  });

  it('opens a router on a free worker once every router of the stream is at its budget', () => {
    expect(placeViewer([{ consumers: 10, workerConsumers: 10 }], 3, 1, limits)).toEqual({ kind: 'new-router' });
  });

  it('skips a router under budget whose worker is at capacity with other streams', () => {
    expect(placeViewer([{ consumers: 1, workerConsumers: 12 }], 0, 1, limits)).toEqual({ kind: 'new-router' });
  });

  it('passes the budget, up to the worker’s capacity, when no other worker can take the viewer', () => {
    const routers = [
      { consumers: 11, workerConsumers: 11 },
      { consumers: 10, workerConsumers: 10 },
    ];
    expect(placeViewer(routers, undefined, 1, limits)).toEqual({ kind: 'router', index: 1 });
    expect(placeViewer(routers, 12, 1, limits)).toEqual({ kind: 'router', index: 1 });
  });

  it('refuses the viewer when every worker that could take it is at capacity', () => {
    const routers = [{ consumers: 12, workerConsumers: 12 }];
    expect(placeViewer(routers, undefined, 1, limits)).toEqual({ kind: 'full' });
    expect(placeViewer(routers, 12, 1, limits)).toEqual({ kind: 'full' });
    expect(placeViewer([{ consumers: 11, workerConsumers: 11 }], 11, 2, limits)).toEqual({ kind: 'full' });
  });
});

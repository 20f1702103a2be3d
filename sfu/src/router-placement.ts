/** What placement needs to know of one router of a stream. */
export type RouterLoad = {
  /** Consumers on the router, and those promised to viewers placed there who have not consumed yet. */
  consumers: number;
  /** The same count for the router's whole worker (every stream on it). */
  workerConsumers: number;
};

export type PlacementLimits = {
  /** Consumers a router of one stream takes before viewers go to another worker (routerConsumerBudget). */
  routerBudget: number;
  /** Consumers a worker carries across all streams, never passed (workerConsumerCapacity). */
  workerCapacity: number;
};

export type Placement =
  /** Put the viewer on the stream's router at this index. */
  | { kind: 'router'; index: number }
  /** Open a router for the stream on the free worker and put the viewer there. */
  | { kind: 'new-router' }
  /** Every worker that could take the viewer is at capacity: refuse it. */
  | { kind: 'full' };

/**
 * Where a new viewer of a stream goes, needing `viewerConsumers` consumers (one per track on air).
 * First a router of the stream under its budget, in the order they were opened (so few routers
 * fill up rather than many half-empty ones, and each pipe feeds many viewers); then a router on
 * the least-loaded worker that has none of this stream yet (`freeWorkerConsumers`, undefined when
 * no worker under capacity is left); then, past the budget, the stream's least-loaded router whose
 * worker is still under capacity. A worker's capacity is never passed: past it the viewer is
 * refused, so the viewers already there keep their media.
 */
export function placeViewer(
  routers: readonly RouterLoad[],
  freeWorkerConsumers: number | undefined,
  viewerConsumers: number,
  { routerBudget, workerCapacity }: PlacementLimits,
): Placement {
  const workerFits = (consumers: number) => consumers + viewerConsumers <= workerCapacity;
  const underBudget = routers.findIndex(
    (r) => r.consumers + viewerConsumers <= routerBudget && workerFits(r.workerConsumers),
  );
  if (underBudget >= 0) return { kind: 'router', index: underBudget };
  if (freeWorkerConsumers !== undefined && workerFits(freeWorkerConsumers)) return { kind: 'new-router' };
  let best = -1;
  routers.forEach((r, index) => {
    if (workerFits(r.workerConsumers) && (best < 0 || r.consumers < routers[best]!.consumers)) best = index;
  });
  return best >= 0 ? { kind: 'router', index: best } : { kind: 'full' };
}
